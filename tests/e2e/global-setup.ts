// Replaced by the web shell: builds the app and starts the server for the browser tests.
export default async function setup(): Promise<void> {}
