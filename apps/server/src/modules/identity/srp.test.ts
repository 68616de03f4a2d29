import { SRPClientSession, SRPParameters } from 'tssrp6a';
import { describe, expect, it } from 'vitest';
import {
  computeServerSecret,
  createServerChallenge,
  createVerifier,
  fromHex,
  modPow,
  Rfc5054Routines,
  RFC5054_GROUP_1024,
  SRP_ROUTINES,
  verifyClientProof,
} from './srp';

const hex = (text: string) => fromHex(text.replace(/\s+/g, ''));

// RFC 5054 Appendix B: 1024-bit group, SHA-1, I = "alice", P = "password123".
const VECTORS = {
  I: 'alice',
  P: 'password123',
  s: hex('BEB25379 D1A8581E B5A72767 3A2441EE'),
  k: hex('7556AA04 5AEF2CDD 07ABAF0F 665C3E81 8913186F'),
  x: hex('94B7555A ABE9127C C58CCF49 93DB6CF8 4D16C124'),
  v: hex(`7E273DE8 696FFC4F 4E337D05 B4B375BE B0DDE156 9E8FA00A 9886D812
          9BADA1F1 822223CA 1A605B53 0E379BA4 729FDC59 F105B478 7E5186F5
          C671085A 1447B52A 48CF1970 B4FB6F84 00BBF4CE BFBB1681 52E08AB5
          EA53D15C 1AFF87B2 B9DA6E04 E058AD51 CC72BFC9 033B564E 26480D78
          E955A5E2 9E7AB245 DB2BE315 E2099AFB`),
  a: hex('60975527 035CF2AD 1989806F 0407210B C81EDC04 E2762A56 AFD529DD DA2D4393'),
  b: hex('E487CB59 D31AC550 471E81F0 0F6928E0 1DDA08E9 74A004F4 9E61F5D1 05284D20'),
  A: hex(`61D5E490 F6F1B795 47B0704C 436F523D D0E560F0 C64115BB 72557EC4
          4352E890 3211C046 92272D8B 2D1A5358 A2CF1B6E 0BFCF99F 921530EC
          8E393561 79EAE45E 42BA92AE ACED8251 71E1E8B9 AF6D9C03 E1327F44
          BE087EF0 6530E69F 66615261 EEF54073 CA11CF58 58F0EDFD FE15EFEA
          B349EF5D 76988A36 72FAC47B 0769447B`),
  B: hex(`BD0C6151 2C692C0C B6D041FA 01BB152D 4916A1E7 7AF46AE1 05393011
          BAF38964 DC46A067 0DD125B9 5A981652 236F99D9 B681CBF8 7837EC99
          6C6DA044 53728610 D0C6DDB5 8B318885 D7D82C7F 8DEB75CE 7BD4FBAA
          37089E6F 9C6059F3 88838E7A 00030B33 1EB76840 910440B1 B27AAEAE
          EB4012B7 D7665238 A8E3FB00 4B117B58`),
  u: hex('CE38B959 3487DA98 554ED47D 70A7AE5F 462EF019'),
  S: hex(`B0DC82BA BCF30674 AE450C02 87745E79 90A3381F 63B387AA F271A10D
          233861E3 59B48220 F7C4693C 9AE12B0A 6F67809F 0876E2D0 13800D6C
          41BB59B6 D5979B5C 00A172B4 A2A5903A 0BDCAF8A 709585EB 2AFAFA8F
          3499B200 210DCC1F 10EB3394 3CD67FC8 8A2F39A4 BE5BEC4E C0A3212D
          C346D7E4 74B29EDE 8A469FFE CA686E5A`),
};

describe('SRP-6a routines (RFC 5054)', () => {
  const routines = new Rfc5054Routines(new SRPParameters(RFC5054_GROUP_1024, SRPParameters.H.SHA1));

  it('reproduces every value of the RFC 5054 Appendix B test vectors', async () => {
    const { N, g } = RFC5054_GROUP_1024;
    expect(await routines.computeK()).toBe(VECTORS.k);
    const x = await routines.computeX(VECTORS.I, VECTORS.s, VECTORS.P);
    expect(x).toBe(VECTORS.x);
    expect(routines.computeVerifier(x)).toBe(VECTORS.v);
    expect(modPow(g, VECTORS.a, N)).toBe(VECTORS.A);
    const { B } = await createServerChallenge(routines, VECTORS.v, VECTORS.b);
    expect(B).toBe(VECTORS.B);
    expect(await routines.computeU(VECTORS.A, VECTORS.B)).toBe(VECTORS.u);
    const serverS = await computeServerSecret(routines, {
      verifier: VECTORS.v,
      b: VECTORS.b,
      B,
      A: VECTORS.A,
    });
    expect(serverS).toBe(VECTORS.S);
    const clientS = routines.computeClientSessionKey(VECTORS.k, x, VECTORS.u, VECTORS.a, VECTORS.B);
    expect(clientS).toBe(VECTORS.S);
  });

  it('accepts the proof of the right password in the 3072-bit group and answers an M2 the client accepts', async () => {
    const { salt, verifier } = await createVerifier(SRP_ROUTINES, 'anna@example.com', 'Richtig-2026!');
    const challenge = await createServerChallenge(SRP_ROUTINES, fromHex(verifier));
    const client = await (
      await new SRPClientSession(SRP_ROUTINES).step1('anna@example.com', 'Richtig-2026!')
    ).step2(fromHex(salt), challenge.B);
    const M2 = await verifyClientProof(SRP_ROUTINES, {
      identity: 'anna@example.com',
      salt: fromHex(salt),
      verifier: fromHex(verifier),
      ...challenge,
      A: client.A,
      M1: client.M1,
    });
    expect(M2).toBeDefined();
    await expect(client.step3(M2 ?? 0n)).resolves.toBeUndefined();
  });

  it('rejects a wrong password and a client value A that is 0 mod N', async () => {
    const { salt, verifier } = await createVerifier(SRP_ROUTINES, 'anna@example.com', 'Richtig-2026!');
    const challenge = await createServerChallenge(SRP_ROUTINES, fromHex(verifier));
    const wrong = await (
      await new SRPClientSession(SRP_ROUTINES).step1('anna@example.com', 'Falsch-2026!')
    ).step2(fromHex(salt), challenge.B);
    const input = {
      identity: 'anna@example.com',
      salt: fromHex(salt),
      verifier: fromHex(verifier),
      ...challenge,
    };
    expect(await verifyClientProof(SRP_ROUTINES, { ...input, A: wrong.A, M1: wrong.M1 })).toBeUndefined();
    const N = SRP_ROUTINES.parameters.primeGroup.N;
    expect(await verifyClientProof(SRP_ROUTINES, { ...input, A: N, M1: wrong.M1 })).toBeUndefined();
  });
});
