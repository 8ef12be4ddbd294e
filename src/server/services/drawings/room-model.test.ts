import { describe, expect, it } from 'vitest';
import { loadAllDefinitions } from '../../definitions/index';
import { toRoomModel } from './room-model';

const { definitions } = loadAllDefinitions('definitions');

describe("the drawing's title block", () => {
  it('words the structure layout as the summary does, not as its code (issue 15)', () => {
    const { compiled, bundle } = definitions.get('sunroom')!;
    const order = {
      selectedSunRoomType: 'Vista View',
      selectedRoomStyle: 'STUDIO',
      selectedAngled: 'No',
      selectedPavilionLayoutOption: '1',
      selectedWindowWallStyle: '206',
      wallLengthsFeet: [12, 16, 12],
      wallLengthsInches: [0, 0, 0],
    };
    const room = toRoomModel(bundle.rules.drawing, 'sunroom', order, new Map(), (path, value) =>
      compiled.valueLabelOf(path, value),
    );
    expect(room?.details).toContain('Window wall 206, Structure layout 3 Walls (against 1 house wall)');
    expect(room?.details.join(' ')).not.toMatch(/Layout 1\b/);
    expect(room?.walls.map((wall) => wall.name)).toEqual(['Left Projection', 'Front Wall', 'Right Projection']);
  });
});
