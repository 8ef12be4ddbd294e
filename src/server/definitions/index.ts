/** Node-side definition reader shared by the server and scripts/. */
export { readDefinitionFolder, loadAllDefinitions, listDefinitionFolders, formatProblems, type LoadedDefinition, type LoadedDefinitions } from './read-definitions';
export { readMergedFolder, mapProblemsToSources, fillParams, deepMerge, type IncludeEntry, type MergedFolder } from './merge-includes';
