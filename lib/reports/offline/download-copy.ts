// Downloads the files of a report's complete copy: what the sanitised document lists
// (reportResources), then what each downloaded stylesheet names in turn. Every rule a stranger's
// HTML could try to bend is here, at the one place that fetches: http(s) only; never the service's
// host, never a private or loopback address outside the test build (resource-url.ts); only hosts the
// user agreed to, checked with the browser (`granted`, permissions.contains) before every file, since
// the user can withdraw it at any moment; no cookies or credentials, no referrer, no redirect
// followed; only the content types a copy can show (stylesheets, images, fonts: the data: URIs the
// CSS cleaner and the sanitiser keep); at most COPY_LIMITS files and bytes, asking the user before a
// copy grows past a few MB. Files on a host the user has not agreed to yet (found inside a
// stylesheet: a font service's font host) wait for one more click. Pure: fetch and the permission
// check are passed in.
import { type CopyFiles, MAX_IMPORT_DEPTH, type ResourceRef, stylesheetRefs } from './copy-resources';
import { keptContentType } from './copy-types';
import { isPrivateHost, originPattern, refusedUrl, type UrlPolicy } from './resource-url';

export const COPY_LIMITS = {
  /** Files in one copy (a real report's look: 5-40). */
  files: 80,
  /** Bytes of one file (a web font: 20-200 KB; a photo: a few hundred KB). */
  fileBytes: 8 * 1024 * 1024,
  /** Bytes of one copy, all files together. */
  totalBytes: 25 * 1024 * 1024,
  /** Past this, the user is asked before the download goes on. */
  askAboveBytes: 5 * 1024 * 1024,
  /** Requests one copy makes, kept or not (a stylesheet may name 100,000 addresses). */
  requests: 200,
};
export type CopyLimits = typeof COPY_LIMITS;

export interface DownloadDeps {
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Whether the browser holds the host permission for this origin pattern now (permissions.contains). */
  granted(pattern: string): Promise<boolean>;
  /**
   * The addresses a host name resolves to, where the browser can say (Firefox's dns.resolve; Chrome
   * has no DNS API): a public name that leads to this computer or its network (`127.0.0.1.nip.io`, a
   * rebinding domain) is refused like the address itself. Undefined: not asked.
   */
  resolve?(host: string): Promise<string[]>;
  policy: UrlPolicy;
  /** Asked once, when the copy passes limits.askAboveBytes: false stops the download. */
  confirmLarge(bytes: number): Promise<boolean>;
  onProgress?(files: number, bytes: number): void;
  limits?: CopyLimits;
}

export interface Skipped {
  url: string;
  reason: string;
}

export interface DownloadResult {
  /** URL → data: URI. */
  files: CopyFiles;
  /** Bytes downloaded (before base64). */
  bytes: number;
  /** What was not downloaded, and why, in words for the user. */
  skipped: Skipped[];
  /** Files on hosts the user has not agreed to yet (named inside stylesheets): one more click. */
  waiting: ResourceRef[];
  /** Origin patterns whose permission the browser no longer holds (withdrawn by the user). */
  withdrawn: string[];
  /** Set when the download stopped early: the user declined a large copy, or a limit was reached. */
  stopped?: 'declined' | 'limit';
  /** Requests made so far (every fetch, kept or not). */
  requests?: number;
}

const FONT_EXTENSIONS: Record<string, string> = {
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/** The type a file is kept as, or undefined when a copy cannot use it. */
function keptType(ref: ResourceRef, response: Response): string | undefined {
  const header = response.headers.get('content-type');
  const type = keptContentType(header);
  if (ref.kind === 'stylesheet') return type === 'text/css' ? type : undefined;
  // Self-hosted fonts are often served as application/octet-stream: their extension says what they are.
  const extension = /\.(\w+)$/.exec(new URL(ref.url).pathname)?.[1]?.toLowerCase() ?? '';
  const octets = (header ?? '').split(/[;,]/)[0]?.trim().toLowerCase() === 'application/octet-stream';
  const kept = ref.kind === 'css-file' && octets ? FONT_EXTENSIONS[extension] : type;
  if (kept === 'text/css' || (ref.kind === 'image' && !kept?.startsWith('image/'))) return undefined;
  return kept;
}

/**
 * A response's body, read until `max` bytes at most: past it the download is cancelled and undefined
 * returned. A host that sends no Content-Length (or a false one) is never held whole in memory.
 */
async function readAtMost(response: Response, max: number): Promise<Uint8Array | undefined> {
  if (!response.body) {
    const whole = new Uint8Array(await response.arrayBuffer());
    return whole.length > max ? undefined : whole;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Downloads `refs` (and what their stylesheets name) from the hosts in `agreed` (origin patterns);
 * `previous` is the result of an earlier round, which this one completes (the second click).
 */
export async function downloadCopy(
  refs: ResourceRef[],
  agreed: ReadonlySet<string>,
  deps: DownloadDeps,
  previous?: DownloadResult,
): Promise<DownloadResult> {
  const limits = deps.limits ?? COPY_LIMITS;
  const result: DownloadResult = previous
    ? {
        ...previous,
        files: { ...previous.files },
        skipped: [...previous.skipped],
        waiting: [],
        withdrawn: [],
      }
    : { files: {}, bytes: 0, skipped: [], waiting: [], withdrawn: [] };
  delete result.stopped;
  let asked = !!previous && previous.bytes > limits.askAboveBytes;
  const done = new Set([...Object.keys(result.files), ...result.skipped.map((s) => s.url)]);
  const queue = refs.map((ref) => ({ ref, depth: 0 }));
  // Each host's addresses, asked once (an unanswerable name is left to fetch to fail).
  const resolved = new Map<string, Promise<boolean>>();
  const leadsPrivate = (host: string): Promise<boolean> => {
    const { resolve } = deps;
    if (!resolve || deps.policy.allowPrivate || host.startsWith('[') || /^[\d.]+$/.test(host))
      return Promise.resolve(false);
    let answer = resolved.get(host);
    if (!answer) {
      answer = resolve(host).then(
        (addresses) =>
          addresses.some((address) => isPrivateHost(address.includes(':') ? `[${address}]` : address)),
        () => false,
      );
      resolved.set(host, answer);
    }
    return answer;
  };
  let requests = previous?.requests ?? 0;
  const skip = (url: string, reason: string) => {
    done.add(url);
    result.skipped.push({ url, reason });
  };

  for (let item = queue.shift(); item; item = queue.shift()) {
    const { ref, depth } = item;
    if (done.has(ref.url) || result.waiting.some((w) => w.url === ref.url)) continue;
    const refused = refusedUrl(ref.url, deps.policy);
    if (refused) {
      skip(ref.url, refused);
      continue;
    }
    const pattern = originPattern(ref.url);
    if (!agreed.has(pattern)) {
      result.waiting.push(ref);
      continue;
    }
    if (Object.keys(result.files).length >= limits.files) {
      skip(ref.url, `a copy holds at most ${limits.files} files`);
      result.stopped = 'limit';
      continue;
    }
    if (requests >= limits.requests) {
      skip(ref.url, `a copy asks its hosts at most ${limits.requests} times`);
      result.stopped = 'limit';
      continue;
    }
    if (await leadsPrivate(new URL(ref.url).hostname)) {
      skip(ref.url, 'its name leads to a private or local address');
      continue;
    }
    if (!(await deps.granted(pattern))) {
      if (!result.withdrawn.includes(pattern)) result.withdrawn.push(pattern);
      skip(ref.url, 'the permission for its host was withdrawn');
      continue;
    }
    let response: Response;
    requests++;
    try {
      response = await deps.fetch(ref.url, {
        credentials: 'omit',
        redirect: 'manual',
        referrerPolicy: 'no-referrer',
        mode: 'cors',
      });
    } catch {
      skip(ref.url, 'its host could not be reached');
      continue;
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      skip(ref.url, 'its host sent it elsewhere (redirects are not followed)');
      continue;
    }
    if (!response.ok) {
      skip(ref.url, `its host answered ${response.status}`);
      continue;
    }
    const type = keptType(ref, response);
    if (!type) {
      skip(
        ref.url,
        `not a ${ref.kind === 'stylesheet' ? 'stylesheet' : 'font or image'} (${response.headers.get('content-type') ?? 'no type'})`,
      );
      continue;
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > limits.fileBytes) {
      skip(ref.url, `larger than ${mb(limits.fileBytes)}`);
      continue;
    }
    const room = limits.totalBytes - result.bytes;
    const body = await readAtMost(response, Math.min(limits.fileBytes, room));
    if (!body) {
      if (room < limits.fileBytes) {
        skip(ref.url, `a copy holds at most ${mb(limits.totalBytes)}`);
        result.stopped = 'limit';
      } else skip(ref.url, `larger than ${mb(limits.fileBytes)}`);
      continue;
    }
    if (!asked && result.bytes + body.length > limits.askAboveBytes) {
      asked = true;
      if (!(await deps.confirmLarge(result.bytes + body.length))) {
        result.stopped = 'declined';
        result.requests = requests;
        return result;
      }
    }
    result.bytes += body.length;
    result.files[ref.url] = `data:${type};base64,${base64(body)}`;
    done.add(ref.url);
    deps.onProgress?.(Object.keys(result.files).length, result.bytes);
    if (ref.kind === 'stylesheet' && depth < MAX_IMPORT_DEPTH)
      for (const named of stylesheetRefs(new TextDecoder().decode(body), ref.url))
        queue.push({ ref: named, depth: named.kind === 'stylesheet' ? depth + 1 : depth });
  }
  result.requests = requests;
  return result;
}
