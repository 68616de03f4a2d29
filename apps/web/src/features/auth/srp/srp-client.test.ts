import { SRPParameters, SRPServerSession } from 'tssrp6a';
import { describe, expect, it } from 'vitest';
import { createPasswordVerifier, createRoutines, GROUP_3072, provePassword } from './srp-client';

const hex = (value: string) => BigInt(`0x${value.replace(/\s+/g, '')}`);

// RFC 5054 Appendix B: 1024-bit group, SHA-1, I = "alice", P = "password123".
const RFC = {
  s: 'BEB25379 D1A8581E B5A72767 3A2441EE',
  k: '7556AA04 5AEF2CDD 07ABAF0F 665C3E81 8913186F',
  x: '94B7555A ABE9127C C58CCF49 93DB6CF8 4D16C124',
  v: `7E273DE8 696FFC4F 4E337D05 B4B375BE B0DDE156 9E8FA00A 9886D812 9BADA1F1 822223CA 1A605B53
      0E379BA4 729FDC59 F105B478 7E5186F5 C671085A 1447B52A 48CF1970 B4FB6F84 00BBF4CE BFBB1681
      52E08AB5 EA53D15C 1AFF87B2 B9DA6E04 E058AD51 CC72BFC9 033B564E 26480D78 E955A5E2 9E7AB245
      DB2BE315 E2099AFB`,
  a: '60975527 035CF2AD 1989806F 0407210B C81EDC04 E2762A56 AFD529DD DA2D4393',
  A: `61D5E490 F6F1B795 47B0704C 436F523D D0E560F0 C64115BB 72557EC4 4352E890 3211C046 92272D8B
      2D1A5358 A2CF1B6E 0BFCF99F 921530EC 8E393561 79EAE45E 42BA92AE ACED8251 71E1E8B9 AF6D9C03
      E1327F44 BE087EF0 6530E69F 66615261 EEF54073 CA11CF58 58F0EDFD FE15EFEA B349EF5D 76988A36
      72FAC47B 0769447B`,
  B: `BD0C6151 2C692C0C B6D041FA 01BB152D 4916A1E7 7AF46AE1 05393011 BAF38964 DC46A067 0DD125B9
      5A981652 236F99D9 B681CBF8 7837EC99 6C6DA044 53728610 D0C6DDB5 8B318885 D7D82C7F 8DEB75CE
      7BD4FBAA 37089E6F 9C6059F3 88838E7A 00030B33 1EB76840 910440B1 B27AAEAE EB4012B7 D7665238
      A8E3FB00 4B117B58`,
  u: 'CE38B959 3487DA98 554ED47D 70A7AE5F 462EF019',
  S: `B0DC82BA BCF30674 AE450C02 87745E79 90A3381F 63B387AA F271A10D 233861E3 59B48220 F7C4693C
      9AE12B0A 6F67809F 0876E2D0 13800D6C 41BB59B6 D5979B5C 00A172B4 A2A5903A 0BDCAF8A 709585EB
      2AFAFA8F 3499B200 210DCC1F 10EB3394 3CD67FC8 8A2F39A4 BE5BEC4E C0A3212D C346D7E4 74B29EDE
      8A469FFE CA686E5A`,
};

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

function bytesOf(value: bigint): Uint8Array {
  const text = value.toString(16);
  const even = text.length % 2 ? `0${text}` : text;
  return Uint8Array.from(even.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

describe('SRP routines', () => {
  it('reproduce the RFC 5054 Appendix B test vectors', async () => {
    const routines = createRoutines(SRPParameters.PrimeGroup[1024], SRPParameters.H.SHA1);
    const x = await routines.computeX('alice', hex(RFC.s), 'password123');
    expect(x).toBe(hex(RFC.x));
    expect(routines.computeVerifier(x)).toBe(hex(RFC.v));
    const k = await routines.computeK();
    expect(k).toBe(hex(RFC.k));
    expect(routines.computeClientPublicValue(hex(RFC.a))).toBe(hex(RFC.A));
    const u = await routines.computeU(hex(RFC.A), hex(RFC.B));
    expect(u).toBe(hex(RFC.u));
    expect(routines.computeClientSessionKey(k, x, u, hex(RFC.a), hex(RFC.B))).toBe(hex(RFC.S));
  });

  it('make the verifier of the documented formula v = 5^H(s | H(I:P)) mod N in the 3072-bit group', async () => {
    const { salt, verifier } = await createPasswordVerifier(
      'anna.schneider@example.com',
      'Schirm-Demo-2026!',
    );
    const inner = await sha256(new TextEncoder().encode('anna.schneider@example.com:Schirm-Demo-2026!'));
    const digest = await sha256(bytesOf(hex(salt)), inner);
    const x = BigInt(`0x${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`);
    expect(hex(verifier)).toBe(modPow(5n, x, GROUP_3072.N));
    expect(GROUP_3072.N.toString(2)).toHaveLength(3072);
  });

  it('prove the password to a server holding the verifier, and reject a server that does not', async () => {
    const username = 'anna.schneider@example.com';
    const { salt, verifier } = await createPasswordVerifier(username, 'Schirm-Demo-2026!');
    const server = await new SRPServerSession(createRoutines()).step1(username, hex(salt), hex(verifier));
    const proof = await provePassword(username, 'Schirm-Demo-2026!', { salt, B: server.B.toString(16) });
    const M2 = await server.step2(hex(proof.A), hex(proof.M1));
    expect(await proof.isServerProofValid(M2.toString(16))).toBe(true);
    expect(await proof.isServerProofValid((M2 + 1n).toString(16))).toBe(false);

    const wrongServer = await new SRPServerSession(createRoutines()).step1(
      username,
      hex(salt),
      hex(verifier),
    );
    const wrong = await provePassword(username, 'Falsch-2026!', { salt, B: wrongServer.B.toString(16) });
    await expect(wrongServer.step2(hex(wrong.A), hex(wrong.M1))).rejects.toThrow();
  });
});
