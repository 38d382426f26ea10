import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder: the worker scripts run from there, with tsx. */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A job worker in its own process (a real `kill -9` target), read by its progress lines. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the first output line (split on spaces) `accept` takes; rejects if the process ends first. */
  waitFor(accept: (line: string[]) => boolean, what: string): Promise<string[]>;
  output(): string;
}

/** Waits long: a loaded 2-core machine seeds and migrates slowly, and a failure says what it saw. */
const WAIT_MS = 240_000;

export function startWorkerProcess(script: string, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, script)], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.on('exit', () => listeners.forEach((listener) => listener()));
  const waitFor = (accept: (line: string[]) => boolean, what: string) =>
    new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${what} : rien après 240 s\n${output.slice(-2000)}`)), WAIT_MS);
      const check = () => {
        const found = output
          .split('\n')
          .map((line) => line.trim().split(' '))
          .find(accept);
        if (found) return finish(null, found);
        if (child.exitCode !== null || child.signalCode !== null)
          finish(new Error(`${what} : le processus s'est arrêté\n${output.slice(-2000)}`));
      };
      const finish = (error: Error | null, line?: string[]) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(line!);
      };
      listeners.add(check);
      check();
    });
  return { child, waitFor, output: () => output };
}

/** SIGKILL, resolved once the process is gone (at once if it already is). */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
