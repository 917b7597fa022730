import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import {
  AuthenticationConstants,
  TokenCredentials,
  type ServiceClientCredentialsFactory,
} from 'botframework-connector';

/** Issuer of tokens the Bot Framework channel service sends to bots. */
export const CHANNEL_ISSUER = 'https://api.botframework.com';

export interface ChannelTokenOptions {
  /** `aud`: the bot's app id, unless a test wants it wrong. */
  audience: string;
  /** The `serviceurl` claim, which must equal the activity's `serviceUrl`. */
  serviceUrl: string;
  /** Seconds from now; negative for an expired token. */
  expiresInSeconds?: number;
  issuer?: string;
}

export interface FakeBotFrameworkAuth {
  /**
   * Environment variables (botbuilder's own names, read by loadConfig) that point inbound token
   * checks at this loopback server, as an operator points them at a sovereign cloud.
   */
  env: Record<string, string>;
  /** Signs a token the way the Bot Framework channel service does, with a key made for this run. */
  channelToken(o: ChannelTokenOptions): Promise<string>;
  /** How many times the OpenID metadata and the keys were fetched (proves the library used us). */
  fetches: { metadata: number; keys: number };
  close(): Promise<void>;
}

/**
 * A loopback stand-in for login.botframework.com: serves the OpenID metadata document and the
 * JWKS (with Teams' `endorsements`), so botframework-connector validates tokens with the same
 * code it runs in production, only against a key this test generated.
 */
export async function startFakeBotFrameworkAuth(): Promise<FakeBotFrameworkAuth> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'test-signing-key';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' };
  const fetches = { metadata: 0, keys: 0 };
  let base = '';

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/v1/.well-known/openidconfiguration') {
      fetches.metadata += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: CHANNEL_ISSUER,
          authorization_endpoint: `${base}/v1/authorize`,
          jwks_uri: `${base}/v1/.well-known/keys`,
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
        }),
      );
      return;
    }
    if (path === '/v1/.well-known/keys') {
      fetches.keys += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [{ ...jwk, endorsements: ['msteams', 'emulator'] }] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      ToBotFromChannelOpenIdMetadataUrl: `${base}/v1/.well-known/openidconfiguration`,
      ToBotFromEmulatorOpenIdMetadataUrl: `${base}/v1/.well-known/openidconfiguration`,
      ToBotFromChannelTokenIssuer: CHANNEL_ISSUER,
    },
    channelToken: (o) => sign(privateKey, kid, o),
    fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function sign(key: CryptoKey, kid: string, o: ChannelTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (o.expiresInSeconds ?? 3600);
  return (
    new SignJWT({ serviceurl: o.serviceUrl })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(o.issuer ?? CHANNEL_ISSUER)
      .setAudience(o.audience)
      // An expired token must be older than the library's 5-minute clock tolerance.
      .setIssuedAt(Math.min(now, exp - 3600))
      .setNotBefore(Math.min(now, exp - 3600))
      .setExpirationTime(exp)
      .sign(key)
  );
}

/**
 * Outbound side of the same fake: instead of asking Azure AD for a token (which needs HTTPS to
 * login.microsoftonline.com), the bot signs its Bot Connector calls with a fixed bearer token the
 * fake connector records. This is the library's own extension point, not a patch.
 */
export function staticTokenCredentialsFactory(
  appId: string,
  token = 'outbound-test-token',
): ServiceClientCredentialsFactory {
  return {
    isValidAppId: async (id: string) => id === appId,
    isAuthenticationDisabled: async () => false,
    createCredentials: async () => new TokenCredentials(token),
  } as ServiceClientCredentialsFactory;
}

export { AuthenticationConstants };
