/** The per-wall arrays of one wall group (spec 2 §3.4), in the order a wall editor shows them. */
export const wallFieldNames = [
  'wallLengthsFeet',
  'wallLengthsInches',
  'doorOption',
  'doorWidth',
  'selectedLocations',
  'selectedSwingDoorOrientation',
  'selectedPatioDoorOrientation',
  'selectedDoorHardware',
  'SSHinges',
  'selectedCodes',
  'selectedImages',
  'selectedButtonIndex',
] as const;

export type WallFieldName = (typeof wallFieldNames)[number];

/** '' = the room's own walls (new roof, angled slots); ERL/ERR/ERF = Existing Roof left/right/front walls. */
export type WallSuffix = '' | 'ERL' | 'ERR' | 'ERF';
export const wallSuffixes: WallSuffix[] = ['', 'ERL', 'ERR', 'ERF'];

/** Fields the Wall Choices modal owns besides the arrays: the Existing Roof layout extras and cavity counts. */
export const wallSetupFields = ['selectedBreezeWay', 'selectedRailSideOption', 'selectedRailAmountOption', 'cavitiesERL', 'cavitiesERR', 'cavitiesERF'] as const;

/** Fields the page draws itself (the layout buttons, Wall Choices and its modal); the generic form skips them. */
export const pageOwnedFields = ['selectedPavilionLayoutOption', 'selectedAngleOption', 'currentCADImagesFiles', ...wallSetupFields];

const wallArrayPattern = new RegExp(`^(${wallFieldNames.join('|')})(ERL|ERR|ERF)?$`);

/** Whether a top-level field name is one of the wall arrays. */
export function isWallArrayName(name: string): boolean {
  return wallArrayPattern.test(name);
}

/** Whether a missing or invalid path belongs to the Wall Choices modal (it turns the button red). */
export function isWallChoicesPath(path: string): boolean {
  const top = path.split('.', 1)[0];
  return isWallArrayName(top) || (wallSetupFields as readonly string[]).includes(top);
}

/** The path of one wall's field: wallPath('doorOption', 'ERL', 1) -> 'doorOptionERL.1'. */
export function wallPath(field: WallFieldName, suffix: WallSuffix, index: number): string {
  return `${field}${suffix}.${index}`;
}
