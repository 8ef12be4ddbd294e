// Replaced by the server foundation: builds the PGlite snapshot the API tests load.
export default async function setup(): Promise<void> {}
