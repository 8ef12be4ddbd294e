import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react';
import { Box, Button, Stack, Tooltip, Typography } from '@mui/material';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  addPlacement,
  beginDrag,
  clientToImagePoint,
  createPlacement,
  dragPosition,
  footprintOf,
  freeSpotFor,
  furnitureCatalogue,
  furnitureKinds,
  isPointInRect,
  movedByKey,
  removePlacement,
  rotateBy,
  rotationDeltaForKey,
  rotationRepeatMs,
  rotationStepDegrees,
  updatePlacement,
  type DragSnapshot,
  type FurnitureKind,
  type FurniturePlacement,
  type Point,
  type Size,
} from './furniture-model';
import { FurnitureIcon, FurnitureSymbol } from './furniture-symbol';
import { usePressAndHold } from './use-press-and-hold';

interface FurnitureEditorProps {
  imageSrc: string;
  imageAlt: string;
  placements: FurniturePlacement[];
  onChange(items: FurniturePlacement[]): void;
}

// A palette press that moves less than this is a click (add at the centre), not a drag.
const dragThresholdPx = 5;

type PaletteDrag = { kind: FurnitureKind; pointerId: number; start: Point; at: Point; isDragging: boolean };

/** A plan-view page with its furniture: palette, drag to place and move, rotate by button or arrow key, delete area. */
export function FurnitureEditor({ imageSrc, imageAlt, placements, onChange }: FurnitureEditorProps) {
  const [naturalSize, setNaturalSize] = useState<Size | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isOverDeleteArea, setIsOverDeleteArea] = useState(false);
  const [paletteDrag, setPaletteDrag] = useState<PaletteDrag | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const deleteAreaRef = useRef<HTMLButtonElement>(null);
  const dragRef = useRef<{ pointerId: number; snapshot: DragSnapshot } | null>(null);
  const suppressClickRef = useRef(false);
  const itemsRef = useRef(placements);
  // A piece just added takes the focus once it is drawn, so the arrow keys act on it at once.
  const focusAfterAddRef = useRef<string | null>(null);
  useEffect(() => {
    itemsRef.current = placements;
    const id = focusAfterAddRef.current;
    const piece = id ? svgRef.current?.querySelector<SVGGElement>(`[data-placement-id="${CSS.escape(id)}"]`) : null;
    if (piece) {
      focusAfterAddRef.current = null;
      piece.focus();
    }
  });
  const selected = placements.find((item) => item.id === selectedId) ?? null;

  const toImagePoint = useCallback(
    (client: Point): Point | null => {
      const svg = svgRef.current;
      if (!svg || !naturalSize) return null;
      const rect = svg.getBoundingClientRect();
      return clientToImagePoint(
        client,
        { left: rect.left, top: rect.top, width: rect.width, height: rect.height },
        naturalSize,
      );
    },
    [naturalSize],
  );
  const isOnDeleteArea = (client: Point) => {
    const rect = deleteAreaRef.current?.getBoundingClientRect();
    return !!rect && isPointInRect(client, { left: rect.left, top: rect.top, width: rect.width, height: rect.height });
  };
  const isOnImage = (client: Point) => {
    const rect = svgRef.current?.getBoundingClientRect();
    return !!rect && isPointInRect(client, { left: rect.left, top: rect.top, width: rect.width, height: rect.height });
  };

  const rotateSelected = useCallback(
    (delta: number) => {
      if (!selectedId) return;
      const item = itemsRef.current.find((candidate) => candidate.id === selectedId);
      if (!item) return;
      onChange(updatePlacement(itemsRef.current, selectedId, { rotation: rotateBy(item.rotation, delta) }));
    },
    [selectedId, onChange],
  );
  const rotateLeft = usePressAndHold(() => rotateSelected(-rotationStepDegrees), rotationRepeatMs);
  const rotateRight = usePressAndHold(() => rotateSelected(rotationStepDegrees), rotationRepeatMs);

  const addPiece = (kind: FurnitureKind, at: Point) => {
    const item = createPlacement(kind, at, newPlacementId());
    onChange(addPlacement(itemsRef.current, item));
    setSelectedId(item.id);
    focusAfterAddRef.current = item.id;
  };
  const removePiece = (id: string) => {
    onChange(removePlacement(itemsRef.current, id));
    if (selectedId === id) setSelectedId(null);
  };

  // Moving a placed piece: the pointer-down snapshot plus the pointer's offset since then.
  const onItemPointerDown = (event: PointerEvent<SVGGElement>, item: FurniturePlacement) => {
    if (event.button !== 0) return;
    const pointer = toImagePoint({ x: event.clientX, y: event.clientY });
    if (!pointer) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setSelectedId(item.id);
    dragRef.current = { pointerId: event.pointerId, snapshot: beginDrag(item, pointer) };
  };
  const onItemPointerMove = (event: PointerEvent<SVGGElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId || !naturalSize) return;
    const client = { x: event.clientX, y: event.clientY };
    setIsOverDeleteArea(isOnDeleteArea(client));
    const pointer = toImagePoint(client);
    if (!pointer) return;
    onChange(updatePlacement(itemsRef.current, drag.snapshot.id, dragPosition(drag.snapshot, pointer, naturalSize)));
  };
  const onItemPointerUp = (event: PointerEvent<SVGGElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    setIsOverDeleteArea(false);
    if (isOnDeleteArea({ x: event.clientX, y: event.clientY })) removePiece(drag.snapshot.id);
  };
  const onItemKeyDown = (event: KeyboardEvent<SVGGElement>, item: FurniturePlacement) => {
    const moved = event.shiftKey && naturalSize ? movedByKey(item, event.key, naturalSize) : null;
    const delta = event.shiftKey ? null : rotationDeltaForKey(event.key);
    if (moved) {
      event.preventDefault();
      setSelectedId(item.id);
      onChange(updatePlacement(itemsRef.current, item.id, moved));
    } else if (delta !== null) {
      event.preventDefault();
      setSelectedId(item.id);
      onChange(updatePlacement(itemsRef.current, item.id, { rotation: rotateBy(item.rotation, delta) }));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removePiece(item.id);
    }
  };

  // Dragging a new piece from the palette onto the plan; a plain click adds it at the centre.
  const onPalettePointerDown = (event: PointerEvent<HTMLButtonElement>, kind: FurnitureKind) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = { x: event.clientX, y: event.clientY };
    setPaletteDrag({ kind, pointerId: event.pointerId, start: at, at, isDragging: false });
  };
  const onPalettePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!paletteDrag || paletteDrag.pointerId !== event.pointerId) return;
    const at = { x: event.clientX, y: event.clientY };
    const isDragging =
      paletteDrag.isDragging || Math.hypot(at.x - paletteDrag.start.x, at.y - paletteDrag.start.y) > dragThresholdPx;
    setPaletteDrag({ ...paletteDrag, at, isDragging });
  };
  const onPalettePointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!paletteDrag || paletteDrag.pointerId !== event.pointerId) return;
    setPaletteDrag(null);
    if (!paletteDrag.isDragging) return;
    suppressClickRef.current = true;
    const client = { x: event.clientX, y: event.clientY };
    const pointer = toImagePoint(client);
    if (pointer && isOnImage(client)) addPiece(paletteDrag.kind, pointer);
  };
  const onPaletteClick = (kind: FurnitureKind) => {
    if (suppressClickRef.current) {
      suppressClickRef.current = false;
      return;
    }
    if (!naturalSize) return;
    // Pieces added one after another go to the nearest free spot, so none hides another.
    addPiece(kind, freeSpotFor(kind, itemsRef.current, naturalSize));
  };

  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    setNaturalSize({ width: image.naturalWidth, height: image.naturalHeight });
  };
  const imageRef = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0)
      setNaturalSize({ width: image.naturalWidth, height: image.naturalHeight });
  }, []);

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box component="section" aria-labelledby="furniture-palette-heading" sx={{ width: { lg: 300 }, flexShrink: 0 }}>
        <Typography id="furniture-palette-heading" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
          Furniture
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Drag a piece onto the plan, or click it to place it near the middle.
        </Typography>
        <Box
          component="ul"
          aria-label="Furniture palette"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 0.5 }}
        >
          {furnitureKinds.map((kind) => (
            <li key={kind}>
              <Button
                size="small"
                variant="outlined"
                fullWidth
                aria-label={`Add ${furnitureCatalogue[kind].label}`}
                onPointerDown={(event) => onPalettePointerDown(event, kind)}
                onPointerMove={onPalettePointerMove}
                onPointerUp={onPalettePointerUp}
                onPointerCancel={() => setPaletteDrag(null)}
                onClick={() => onPaletteClick(kind)}
                sx={{
                  flexDirection: 'column',
                  gap: 0.25,
                  py: 0.5,
                  fontSize: '0.72rem',
                  lineHeight: 1.2,
                  touchAction: 'none',
                }}
              >
                <FurnitureIcon kind={kind} size={30} />
                {furnitureCatalogue[kind].label}
              </Button>
            </li>
          ))}
        </Box>
        {/* The two buttons share a row where they fit and wrap where not; tooltips above so none covers the other. */}
        <Stack
          direction="row"
          useFlexGap
          sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Tooltip title="Hold to keep turning" placement="top">
            <span>
              <Button
                size="small"
                variant="contained"
                startIcon={<RotateLeftIcon />}
                disabled={!selected}
                {...rotateLeft}
              >
                Rotate Left
              </Button>
            </span>
          </Tooltip>
          <Tooltip title="Hold to keep turning" placement="top">
            <span>
              <Button
                size="small"
                variant="contained"
                startIcon={<RotateRightIcon />}
                disabled={!selected}
                {...rotateRight}
              >
                Rotate Right
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <Button
          ref={deleteAreaRef}
          data-testid="furniture-delete-area"
          color="error"
          variant={isOverDeleteArea ? 'contained' : 'outlined'}
          startIcon={<DeleteOutlinedIcon />}
          onClick={() => selected && removePiece(selected.id)}
          sx={{
            mt: 1.5,
            width: '100%',
            minHeight: 72,
            borderStyle: 'dashed',
            borderWidth: 2,
            '&:hover': { borderWidth: 2, borderStyle: 'dashed' },
          }}
        >
          Delete area: drop a piece here
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {selected
            ? `Selected: ${furnitureCatalogue[selected.kind].label}, ${selected.rotation}°. Arrow keys rotate it, Shift with an arrow key moves it, Delete removes it.`
            : 'Select a piece to rotate or delete it.'}
        </Typography>
      </Box>

      <Box
        sx={{
          position: 'relative',
          display: 'inline-block',
          lineHeight: 0,
          border: 1,
          borderColor: 'divider',
          bgcolor: '#fff',
        }}
      >
        <img
          ref={imageRef}
          src={imageSrc}
          alt={imageAlt}
          onLoad={onImageLoad}
          style={{ display: 'block', maxWidth: '100%', maxHeight: '68vh' }}
          draggable={false}
        />
        {naturalSize && (
          <svg
            ref={svgRef}
            data-testid="furniture-layer"
            viewBox={`0 0 ${naturalSize.width} ${naturalSize.height}`}
            preserveAspectRatio="none"
            onPointerDown={(event) => {
              if (event.target === event.currentTarget) setSelectedId(null);
            }}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none' }}
            aria-label="Furniture on the plan"
            role="group"
          >
            {placements.map((item) => {
              const size = footprintOf(item.kind, naturalSize.width);
              const isSelected = item.id === selectedId;
              return (
                <g
                  key={item.id}
                  data-testid="placed-furniture"
                  data-placement-id={item.id}
                  data-kind={item.kind}
                  data-rotation={item.rotation}
                  data-x={item.x}
                  data-y={item.y}
                  role="button"
                  tabIndex={0}
                  aria-pressed={isSelected}
                  aria-label={`${furnitureCatalogue[item.kind].label}, turned ${item.rotation} degrees`}
                  transform={`translate(${item.x} ${item.y}) rotate(${item.rotation})`}
                  onPointerDown={(event) => onItemPointerDown(event, item)}
                  onPointerMove={onItemPointerMove}
                  onPointerUp={onItemPointerUp}
                  onPointerCancel={() => (dragRef.current = null)}
                  onKeyDown={(event) => onItemKeyDown(event, item)}
                  onFocus={() => setSelectedId(item.id)}
                  style={{ cursor: 'grab', outline: 'none' }}
                >
                  <FurnitureSymbol kind={item.kind} width={size.width} depth={size.height} />
                  {isSelected && (
                    <rect
                      x={-size.width / 2 - 4}
                      y={-size.height / 2 - 4}
                      width={size.width + 8}
                      height={size.height + 8}
                      fill="none"
                      stroke="#1f4e79"
                      strokeWidth={Math.max(naturalSize.width / 400, 2)}
                      strokeDasharray="6 4"
                    />
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </Box>
      {paletteDrag?.isDragging && (
        <Box
          aria-hidden="true"
          sx={{
            position: 'fixed',
            left: paletteDrag.at.x - 18,
            top: paletteDrag.at.y - 18,
            pointerEvents: 'none',
            zIndex: 2000,
            opacity: 0.8,
          }}
        >
          <FurnitureIcon kind={paletteDrag.kind} size={36} />
        </Box>
      )}
    </Stack>
  );
}

function newPlacementId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
