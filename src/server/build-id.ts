// Replaced by scripts/build-server.ts (esbuild `define`) with an id new at every build; absent when run from source.
declare const SERVER_BUILD_ID: string | undefined;

/** The id `npm run build` gave this server bundle; undefined when the server runs from source (tsx, tests). */
export const serverBuildId: string | undefined = typeof SERVER_BUILD_ID === 'string' ? SERVER_BUILD_ID : undefined;
