/**
 * The provider sandbox in a process of its own (`npm run sandbox`), so a benchmark's server process holds
 * only the server, as it would against the real Google and Microsoft. It runs at a lower priority: the
 * real providers spend none of this machine's CPU.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../../e2e/support/server';

export interface SandboxProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startSandboxProcess(env: Record<string, string> = {}): Promise<SandboxProcess> {
  const main = path.join(ROOT, 'tools/sandbox/src/main.ts');
  const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', main], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { url, stop };
}
