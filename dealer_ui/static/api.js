// The JSON API under /api/v1: every error is {status, code, message, field}.
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

let token = null;

export function setToken(value) {
  token = value;
}

export async function call(method, path, body, headers = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api/v1${path}`, init);
  } catch (error) {
    throw new NoAnswer(`no answer from the server (${error.message}); try again`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new ApiError(response.status, json);
  return { status: response.status, json, headers: response.headers };
}
