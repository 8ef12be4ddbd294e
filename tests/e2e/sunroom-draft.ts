/** A complete sunroom a dealer would send, for seeding drafts: shared by the sunroom page's e2e tests. */
import { createSession } from '../../src/engine';
import { compiledDefinition } from './support/server-state';

/** A 3-wall Vista View studio with a 3' door on the left projection, in the order a dealer fills it. */
export function vistaViewStudio(location: string | null): [string, unknown][] {
  return [
    ['selectedSunRoomType', 'Vista View'],
    ['selectedRoomStyle', 'STUDIO'],
    // Angled before the layout: the definition's 'angled:no' rule empties the wall arrays (reported).
    ['selectedAngled', 'No'],
    ['selectedPavilionLayoutOption', '1'],
    ['selectedWindowWallStyle', '206'],
    ['selectedTopTransomOption', 'NONE'],
    ['selectedBotTransom', 'NO'],
    ['selectedTopCustomReady', 'NO'],
    ['frameOption', 'White'],
    ['selectedValueSeries', 'NO'],
    ['selectedElectricalOption', 'ELECTRICAL NO'],
    ['selectedVertChannelOption', 'Not Needed'],
    ['personalInfo.lastName', 'Smith'],
    ['personalInfo.address', '1 Lake Rd'],
    ['personalInfo.city', 'Erie'],
    ['personalInfo.stateProvince', 'PA'],
    ['personalInfo.sender', 'Jane'],
    ['personalInfo.email', 'jane@example.com'],
    ...(location ? ([['selectedLocation', location]] as [string, unknown][]) : []),
    ['lengthFeet', '12'],
    ['lengthInches', '0'],
    ['widthFeet', '14'],
    ['widthInches', '0'],
    ['selectedRoofLoadChange', '30'],
    ['selectedWindLoadChange', '120'],
    ['heightAtHouse.heightfeet', '9'],
    ['heightAtHouse.heightinches', '0'],
    ['frontHeight.frontfeet', '8'],
    ['frontHeight.frontinches', '0'],
    ['selectedSkyviewChoice', 'Skyview NO'],
    ['selectedShingle', 'NO'],
    ['selectedRoofDensity', '4 1/4" 0.032 2 pound'],
    ['selectedCleatsOrBond', 'CLEATS'],
    ['selectedPermitOption', 'NO'],
    ['selectedBackWallPanels', '0'],
    ['selectedFanBeam', '0'],
    ['wallLengthsFeet.0', '12'],
    ['wallLengthsInches.0', '0'],
    ['doorOption.0', 'Yes'],
    ['doorWidth.0', "3' Door"],
    ['selectedSwingDoorOrientation.0', 'Left Hand Inswing'],
    ['selectedDoorHardware.0', 'SATIN'],
    ['SSHinges.0', 'YES'],
    ['selectedCodes.0', 'CSD-12'],
    ['wallLengthsFeet.1', '14'],
    ['wallLengthsInches.1', '0'],
    ['doorOption.1', 'No'],
    ['selectedCodes.1', 'CF-14'],
    ['wallLengthsFeet.2', '12'],
    ['wallLengthsInches.2', '0'],
    ['doorOption.2', 'No'],
    ['selectedCodes.2', 'CGW-12'],
  ];
}

export const drawingPackage: [string, unknown][] = [
  ['selectedPermitOption', 'YES'],
  ['selectedFoundationOption', 'existingconcrete'],
  ['selectedExistingFoundationOption', 'existingfoot'],
  ['selectedMountOption', 'W'],
  ['stepDownFeet', '0'],
  ['stepDownInches', '0'],
  ['selectedKneeWallOption', 'no'],
  ['initialSteelPiers', 'No'],
];

/** The form data a dealer with these locations ends up with, computed by the same engine (for seeding drafts). */
export function completeDraft(
  locations: Record<string, string>,
  extra: [string, unknown][] = [],
): Record<string, unknown> {
  const session = createSession(compiledDefinition('sunroom'), { context: { locations } });
  const location = Object.keys(locations)[0] ?? null;
  for (const [path, value] of [
    ...vistaViewStudio(location),
    ['personalInfo.zip', '16501'] as [string, unknown],
    ...extra,
  ])
    session.set(path, value);
  if (!session.state.isSubmittable)
    throw new Error(`The seeded draft is incomplete: ${JSON.stringify(session.state.missing)}`);
  return session.state.data;
}
