/** Node-side definition reader shared by the server and scripts/. */
export { readDefinitionFolder, loadAllDefinitions, listDefinitionFolders, formatProblems, type LoadedDefinition, type LoadedDefinitions } from './read-definitions';
