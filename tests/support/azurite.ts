/** Azurite's blob service for tests: Azure Blob Storage on loopback (the azure-storage and scale-out tests). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const azuriteMain = path.resolve('node_modules/azurite/dist/src/blob/main.js');
// Azurite's documented development account (public, emulator only).
const devAccount = 'devstoreaccount1';
const devKey = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  connectionString: string;
  stop(): Promise<void>;
}

/** Starts Azurite's blob service on 127.0.0.1 and a port the system picks, in a temp folder of its own. */
export async function startAzurite(): Promise<Azurite> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-azurite-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      azuriteMain,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      folder,
      '--disableTelemetry',
      '--skipApiVersionCheck',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Azurite did not start: ${output}`)), 30_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`Azurite exited (${code}): ${output}`)));
    });
    return {
      connectionString: `DefaultEndpointsProtocol=http;AccountName=${devAccount};AccountKey=${devKey};BlobEndpoint=http://127.0.0.1:${port}/${devAccount};`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
