// grapeshot — the two-player commit–reveal seed, in plain JS so either side can check the other
// without the engine (README "Receipts and fair dice"). Byte-for-byte the same as src/core/receipt.cpp.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4) of bytes; returns 32 bytes. */
export function sha256(bytes) {
  const n = bytes.length;
  const total = Math.ceil((n + 9) / 64) * 64;
  const m = new Uint8Array(total);
  m.set(bytes);
  m[n] = 0x80;
  const bits = n * 8;
  const dv = new DataView(m.buffer);
  dv.setUint32(total - 8, Math.floor(bits / 0x100000000));
  dv.setUint32(total - 4, bits >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x, k) => (x >>> k) | (x << (32 - k));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(4 * i, h[i]);
  return out;
}

const utf8 = (s) => new TextEncoder().encode(s);
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
};

/** SHA-256 of a string's UTF-8 bytes (or of bytes), as 64 lowercase hex digits. */
export function sha256Hex(data) {
  return toHex(sha256(typeof data === 'string' ? utf8(data) : data));
}

function secretBytes(secret, what = 'secret') {
  if (typeof secret !== 'string' || !/^[0-9a-f]{64}$/.test(secret)) {
    throw new TypeError(`${what} must be 64 lowercase hex digits (32 bytes)`);
  }
  return Uint8Array.from(secret.match(/../g), (x) => parseInt(x, 16));
}

// Version 3 (issue 30): a commitment binds the request's canonical hash and the context, not only
// the role and the secret, so secrets revealed for one request or context serve no other.
const COMMIT_TAG = utf8('grapeshot commit v3\0');
const SEED_TAG = utf8('grapeshot seed v3\0');

function roleByte(role) {
  if (role !== 'A' && role !== 'B') throw new TypeError('role must be "A" or "B"');
  return utf8(role);
}

/**
 * Throws TypeError unless `context` is printable ASCII with no leading, trailing or doubled spaces,
 * at most 256 characters: labels that look alike are then alike (no NBSP, zero-width or control
 * characters; ASCII is NFC by construction). The engine refuses the same contexts.
 */
export function checkContext(context) {
  if (typeof context !== 'string') throw new TypeError('context must be a string');
  if (context.length > 256) throw new TypeError('context is at most 256 characters');
  if (!/^[\x20-\x7e]*$/.test(context)) throw new TypeError('context is printable ASCII only');
  if (/^ | $|  /.test(context)) throw new TypeError('context has a leading, trailing or doubled space');
}

/** A fresh secret: 32 bytes from the platform's CSPRNG, as 64 lowercase hex digits. */
export function newSecret() {
  const b = new Uint8Array(32);
  globalThis.crypto.getRandomValues(b);
  return toHex(b);
}

/**
 * Side `role`'s commitment to a secret, for one request and context, made before any secret is
 * revealed: hex(SHA-256("grapeshot commit v3" 0x00 || role || request hash || secret || context)),
 * the request hash from Engine.canonical(request).hash (32 bytes as 64 hex digits).
 */
export function commitSeed(secret, role, requestHash, context = '') {
  const r = roleByte(role), s = secretBytes(secret);
  checkContext(context);
  return toHex(sha256(concat(COMMIT_TAG, r, secretBytes(requestHash, 'requestHash (Engine.canonical(request).hash)'), s, utf8(context))));
}

/** The seed both sides derive once both secrets are revealed: the first 4 bytes (big-endian) of
 * SHA-256("grapeshot seed v3" 0x00 || secretA || secretB || request hash || context), with the request
 * hash from Engine.canonical(request).hash (32 bytes as 64 hex digits). */
export function deriveSeed(secretA, secretB, requestHash, context = '') {
  checkContext(context);
  const a = secretBytes(secretA, 'secretA'), b = secretBytes(secretB, 'secretB');
  if (a.every((x, i) => x === b[i])) throw new TypeError('the two secrets are equal');
  const d = sha256(concat(SEED_TAG, a, b, secretBytes(requestHash, 'requestHash'), utf8(context)));
  return new DataView(d.buffer).getUint32(0);
}

/** True when `commitment` is side `role`'s commitment to `secret` for this request hash and context. */
export function checkCommitment(commitment, secret, role, requestHash, context = '') {
  try {
    return commitSeed(secret, role, requestHash, context) === commitment;
  } catch {
    return false;
  }
}
