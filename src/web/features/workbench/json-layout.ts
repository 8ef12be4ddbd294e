/**
 * Files the workbench writes are laid out as `npm run format:definitions` lays them out (scripts/lib/json-format.ts,
 * pure code with no Node API), so an exported version shows only the staff change in `git diff`.
 */
export { formatJson } from '../../../../scripts/lib/json-format';
