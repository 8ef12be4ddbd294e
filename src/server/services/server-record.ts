/**
 * A running server's record in DATA_DIR (`server.json`: pid, URL, how it signs tokens), written when it listens and
 * removed when it closes. Tools beside it (`npm run orders`) read it to go through its API rather than open the
 * embedded database a second time (PGlite has no lock of its own: a second process loses or corrupts writes).
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AuthMode } from '../config';

export interface ServerRecord {
  pid: number;
  /** Where its API answers, e.g. http://127.0.0.1:8080 */
  url: string;
  database: 'pglite' | 'postgres';
  authMode: AuthMode;
  /** The `iss` and `aud` its local sign-in writes and expects (local mode), so a tool can mint a token it accepts. */
  issuer: string;
  audience: string;
  startedAt: string;
}

export function serverRecordFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

/** The URL a listening address answers on (a wildcard address is reached on the loopback). */
export function urlOfAddress(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export async function writeServerRecord(dataDir: string, record: ServerRecord): Promise<void> {
  const file = serverRecordFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(record, null, 2));
  await rename(temporary, file);
}

/** Removes the record when it is this process's (a newer server's record is left alone). */
export async function removeServerRecord(dataDir: string, pid = process.pid): Promise<void> {
  const record = await readServerRecord(dataDir);
  if (record?.pid === pid) await unlink(serverRecordFile(dataDir)).catch(() => {});
}

async function readServerRecord(dataDir: string): Promise<ServerRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(serverRecordFile(dataDir), 'utf8')) as ServerRecord;
    return typeof record.pid === 'number' && typeof record.url === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** The record of a server that is still running; a record left by a dead process is ignored. */
export async function readLiveServerRecord(dataDir: string): Promise<ServerRecord | undefined> {
  const record = await readServerRecord(dataDir);
  return record && isAlive(record.pid) ? record : undefined;
}
