// The JSON API under /api/v1: every error is an RFC 9457 problem (application/problem+json)
// with the members {type, title, status, detail, code, field, message}; message is read.
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `the server answered ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.field = body && body.field;
  }
}

/** Thrown when no answer came back (a dropped connection): safe to retry. */
export class NoAnswer extends Error {}

/** Thrown when the server has not answered within the time limit: the
 * request is given up here, and may still have been done there. */
export class TimedOut extends NoAnswer {}

// How long a request may go unanswered: a server that hangs must not leave
// a page waiting ("Submitting…") with no end and no word. A page may set a
// shorter one (the tablet: a dealer waits at the table); a minute lets the
// pit's long reports be worked out.
let timeLimit = 60_000;

/** The time limit of every request from now on, in milliseconds. */
export function setTimeLimit(ms) {
  timeLimit = ms;
}

/** The time limit in words: "20 seconds". */
export function timeLimitText() {
  const seconds = Math.round(timeLimit / 1000);
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/** The headers of a request a page makes by itself (polling): it does not
 * keep the sign-in from going idle (the server's idle timeout). */
export const BACKGROUND = Object.freeze({ "Breakpoker-Background": "1" });

let token = null;
let onSignedOut = () => {};

export function setToken(value) {
  token = value;
}

/** Called with the request ``{method, path}`` the API refused because the
 * sign-in is no longer valid (expired, signed out elsewhere). */
export function whenSignedOut(handler) {
  onSignedOut = handler;
}

async function send(method, path, body, headers) {
  const init = { method, headers: { Accept: "application/json, application/problem+json", ...headers } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeLimit);
  init.signal = abort.signal;
  let response;
  try {
    response = await fetch(`/api/v1${path}`, init);
  } catch (error) {
    if (abort.signal.aborted) throw new TimedOut(`the server did not answer within ${timeLimitText()}`);
    throw new NoAnswer(`no answer from the server (${error.message}); try again`);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 401 && token && !path.startsWith("/auth/")) onSignedOut({ method, path });
  return response;
}

async function failure(response) {
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  return new ApiError(response.status, json);
}

export async function call(method, path, body, headers = {}) {
  const response = await send(method, path, body, headers);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json, headers: response.headers };
}

/** A file from the API (it needs the sign-in header), saved under its own name. */
export async function download(path) {
  const response = await send("GET", path, undefined, { Accept: "*/*" });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] || "download";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return { name, size: blob.size };
}

/** A query string from the set values of ``params`` ("" when none is set). */
export function query(params) {
  const pairs = Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return pairs.length ? `?${new URLSearchParams(pairs)}` : "";
}

/** The targets of a Link header (RFC 8288) by relation, as paths under /api/v1
 * for ``call``: {first, prev, next, last}, each only where the API gives it. */
export function links(headers) {
  const found = {};
  for (const [, target, relation] of (headers.get("Link") || "").matchAll(/<([^>]*)>;\s*rel="([^"]+)"/g)) {
    found[relation] = target.startsWith("/api/v1") ? target.slice("/api/v1".length) : target;
  }
  return found;
}
