/** The limits live with the reader they guard (src/definition-tree); the server and its tests import them from here too. */
export { definitionLimits, findTooDeep } from '../../definition-tree/definition-limits';
