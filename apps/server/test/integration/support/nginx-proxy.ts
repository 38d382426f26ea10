import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { acceptsConnections, freePort } from './tcp-ports';

const run = promisify(execFile);
const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** The documented site configuration (README, "Two instances behind nginx"). */
const NGINX_SITE_FILE = path.join(REPOSITORY, 'deploy', 'nginx', 'gdf.conf');
/** Debian's nginx (scripts/system-tools.mjs installs it for npm test). */
const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's unprivileged account: nginx never runs as root here. */
const UNPRIVILEGED = 'nobody';

export interface NginxProxy {
  /** https://127.0.0.1:<port>, the site's TLS server (a self-signed certificate). */
  url: string;
  /** http://127.0.0.1:<port>, the site's plain server (a redirect to https). */
  plainUrl: string;
  /** The site's self-signed certificate (PEM), for clients to trust. */
  certificate: string;
  /** The access log's lines so far (the site's gdf_upstream format). */
  accessLog(): Promise<AccessLogLine[]>;
  /** nginx's error log so far. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** One line of the site's `gdf_upstream` access log. */
interface AccessLogLine {
  method: string;
  uri: string;
  status: number;
  /** Every instance tried, in order ("127.0.0.1:3001"), empty when none was. */
  upstreams: string[];
  /** Each instance's answer, in the same order ("502", "201"; "-" when none came). */
  upstreamStatuses: string[];
  /** When nginx read the request and when it finished answering (Unix time, ms). */
  startedAt: number;
  endedAt: number;
}

/**
 * Debian's nginx in front of `upstreams` ("127.0.0.1:port"), with the documented site file
 * (deploy/nginx/gdf.conf) as written but for its listening ports (free ones on 127.0.0.1),
 * the instances' addresses, a self-signed certificate and the log paths: a main
 * configuration like Debian's, a prefix of its own in a temporary folder, run as `nobody`
 * when the tests run as root, and stopped with the test.
 */
export async function startNginxProxy(upstreams: readonly string[]): Promise<NginxProxy> {
  if (!existsSync(NGINX_BINARY))
    throw new Error(`nginx introuvable (${NGINX_BINARY}) : apt-get install -y nginx (scripts/system-tools.mjs)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'gdf-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, temp));
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'site.key'),
    '-out',
    path.join(dir, 'site.pem'),
  ]);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = siteForTest(await readFile(NGINX_SITE_FILE, 'utf8'), { dir, httpsPort, httpPort, upstreams });
  await writeFile(path.join(dir, 'gdf.conf'), site);
  await writeFile(path.join(dir, 'nginx.conf'), mainConfiguration(dir));
  const account = process.getuid?.() === 0 ? await unprivilegedAccount() : undefined;
  if (account) await chownTree(dir, account.uid, account.gid);

  const child = spawn(
    NGINX_BINARY,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(account ?? {}) },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT'); // graceful: workers finish their requests
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (!(await acceptsConnections(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx n'a pas démarré :\n${output}\n${await errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `https://127.0.0.1:${httpsPort}`,
    plainUrl: `http://127.0.0.1:${httpPort}`,
    certificate: await readFile(path.join(dir, 'site.pem'), 'utf8'),
    accessLog: async () => parseAccessLog(await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '')),
    errorLog,
    stop,
  };
}

/**
 * The documented site with what only a test changes. Each replaced text must be there as
 * documented: a site file whose shape changed fails here rather than testing something else.
 */
function siteForTest(
  site: string,
  test: { dir: string; httpsPort: number; httpPort: number; upstreams: readonly string[] },
): string {
  const replace = (text: string, pattern: RegExp, by: string | ((...match: string[]) => string), times = 1) => {
    const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
    if (found !== times) throw new Error(`deploy/nginx/gdf.conf : ${pattern} trouvé ${found} fois, ${times} attendu`);
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    if (typeof by === 'string') return text.replace(global, by);
    let index = 0;
    return text.replace(global, (...match: string[]) => by(String(index++), ...match));
  };
  let result = replace(site, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${test.httpPort};`);
  result = replace(result, /^(\s*)listen 443 ssl;$/m, `$1listen 127.0.0.1:${test.httpsPort} ssl;`);
  result = replace(result, /^\s*listen \[::\]:(80|443 ssl);\n/m, '', 2);
  result = replace(result, /ssl_certificate \S+;/, `ssl_certificate ${path.join(test.dir, 'site.pem')};`);
  result = replace(result, /ssl_certificate_key \S+;/, `ssl_certificate_key ${path.join(test.dir, 'site.key')};`);
  result = replace(
    result,
    /access_log \S+ gdf_upstream;/,
    `access_log ${path.join(test.dir, 'access.log')} gdf_upstream;`,
  );
  result = replace(
    result,
    /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/m,
    (index, _match, indent, parameters) => `${indent}server ${test.upstreams[Number(index)]} ${parameters};`,
    test.upstreams.length,
  );
  return result;
}

/** Debian's /etc/nginx/nginx.conf, with every path under `dir` and no `user` (not root). */
function mainConfiguration(dir: string): string {
  return `worker_processes 2;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} notice;
events {
    worker_connections 768;
}
http {
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    ssl_prefer_server_ciphers on;
    gzip on;
    access_log ${path.join(dir, 'other-access.log')};
    client_body_temp_path ${path.join(dir, 'body')};
    proxy_temp_path ${path.join(dir, 'proxy')};
    fastcgi_temp_path ${path.join(dir, 'fastcgi')};
    uwsgi_temp_path ${path.join(dir, 'uwsgi')};
    scgi_temp_path ${path.join(dir, 'scgi')};
    include ${path.join(dir, 'gdf.conf')};
}
`;
}

const LINE =
  /^\S+ \[[^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) \d+ request_time=(\S+) upstream=(.*) upstream_status=(.*) upstream_time=.* msec=(\S+)$/;

function parseAccessLog(text: string): AccessLogLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = LINE.exec(line);
      if (!match) throw new Error(`ligne du journal d'accès illisible : ${line}`);
      const [, method, uri, status, took, upstreams, statuses, ended] = match as unknown as string[];
      const list = (value: string) => (value === '-' ? [] : value.split(/, | : /));
      const endedAt = Number(ended) * 1000;
      return {
        method: method as string,
        uri: uri as string,
        status: Number(status),
        upstreams: list(upstreams as string),
        upstreamStatuses: list(statuses as string),
        startedAt: endedAt - Number(took) * 1000,
        endedAt,
      };
    });
}

async function unprivilegedAccount(): Promise<{ uid: number; gid: number }> {
  const entry = (await readFile('/etc/passwd', 'utf8'))
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === UNPRIVILEGED);
  if (!entry) throw new Error(`compte ${UNPRIVILEGED} introuvable dans /etc/passwd`);
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}
