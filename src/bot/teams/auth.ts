import {
  ConfigurationBotFrameworkAuthentication,
  type Activity,
  type ConfigurationBotFrameworkAuthenticationOptions,
} from 'botbuilder';
import {
  AuthenticationConstants,
  AuthenticationError,
  BotFrameworkAuthentication,
  type AuthenticateRequestResult,
  type ClaimsIdentity,
  type ConnectorFactory,
  type ServiceClientCredentialsFactory,
  type UserTokenClient,
} from 'botframework-connector';
import type { Config } from '../../config.js';

/**
 * Where Bot Framework tokens are checked. Public Azure by default; set these for a sovereign
 * cloud, or to a loopback server in tests (the library then fetches keys from there).
 */
export interface TeamsAuthEndpoints {
  toBotFromChannelOpenIdMetadataUrl?: string;
  toBotFromEmulatorOpenIdMetadataUrl?: string;
  toBotFromChannelTokenIssuer?: string;
}

type TeamsConfig = NonNullable<Config['teams']>;

function authOptions(
  config: TeamsConfig,
  endpoints?: TeamsAuthEndpoints,
): ConfigurationBotFrameworkAuthenticationOptions {
  const base = {
    MicrosoftAppId: config.appId ?? '',
    MicrosoftAppPassword: config.appPassword ?? '',
    MicrosoftAppType: config.appType,
    MicrosoftAppTenantId: config.appTenantId ?? '',
  };
  if (!endpoints) return base as ConfigurationBotFrameworkAuthenticationOptions;
  // Any endpoint override switches the library to fully parameterized mode: give it every value.
  const tenant =
    config.appType === 'SingleTenant' && config.appTenantId ? config.appTenantId : 'botframework.com';
  return {
    ...base,
    ToChannelFromBotLoginUrl: `${AuthenticationConstants.ToChannelFromBotLoginUrlPrefix}${tenant}`,
    ToChannelFromBotOAuthScope: AuthenticationConstants.ToChannelFromBotOAuthScope,
    ToBotFromChannelTokenIssuer:
      endpoints.toBotFromChannelTokenIssuer ?? AuthenticationConstants.ToBotFromChannelTokenIssuer,
    OAuthUrl: AuthenticationConstants.OAuthUrl,
    ToBotFromChannelOpenIdMetadataUrl:
      endpoints.toBotFromChannelOpenIdMetadataUrl ??
      AuthenticationConstants.ToBotFromChannelOpenIdMetadataUrl,
    ToBotFromEmulatorOpenIdMetadataUrl:
      endpoints.toBotFromEmulatorOpenIdMetadataUrl ??
      AuthenticationConstants.ToBotFromEmulatorOpenIdMetadataUrl,
    CallerId: 'urn:botframework:azure',
  } as ConfigurationBotFrameworkAuthenticationOptions;
}

/**
 * The library reports some bad tokens (a signature that does not verify, a malformed JWT) as
 * plain errors, which CloudAdapter turns into 500. Every failure to authenticate is a 401.
 */
class StrictAuthentication extends BotFrameworkAuthentication {
  constructor(private readonly inner: BotFrameworkAuthentication) {
    super();
  }
  async authenticateRequest(activity: Activity, authHeader: string): Promise<AuthenticateRequestResult> {
    try {
      const result = await this.inner.authenticateRequest(activity, authHeader);
      return {
        ...result,
        connectorFactory: result.connectorFactory && withoutSdkRetries(result.connectorFactory),
      };
    } catch (err) {
      if (err instanceof AuthenticationError) throw err;
      throw new AuthenticationError(`Unauthorized: ${(err as Error)?.message ?? 'invalid token'}`, 401);
    }
  }
  authenticateStreamingRequest(
    authHeader: string,
    channelIdHeader: string,
  ): Promise<AuthenticateRequestResult> {
    return this.inner.authenticateStreamingRequest(authHeader, channelIdHeader);
  }
  createConnectorFactory(claimsIdentity: ClaimsIdentity): ConnectorFactory {
    return withoutSdkRetries(this.inner.createConnectorFactory(claimsIdentity));
  }
  createUserTokenClient(claimsIdentity: ClaimsIdentity): Promise<UserTokenClient> {
    return this.inner.createUserTokenClient(claimsIdentity);
  }
}

/** The part of a ConnectorClient's HTTP pipeline (@azure/core-client) used below. */
interface PipelineHolder {
  client?: { pipeline?: { removePolicy(options: { name: string }): unknown } };
}

/**
 * The connector's HTTP pipeline retries any request on 503 and other 5xx by itself, so a POST
 * that Teams had in fact processed would be posted twice, and it offers no option to turn that
 * off. Its retry policy is removed from each client: retry.ts decides what is safe to repeat.
 */
function withoutSdkRetries(inner: ConnectorFactory): ConnectorFactory {
  return {
    async create(serviceUrl: string, audience?: string) {
      const client = await inner.create(serviceUrl, audience);
      (client as unknown as PipelineHolder).client?.pipeline?.removePolicy({ name: 'defaultRetryPolicy' });
      return client;
    },
  } as ConnectorFactory;
}

/** Bot Framework authentication from the four Azure Bot variables. */
export function createTeamsAuthentication(
  config: TeamsConfig,
  endpoints?: TeamsAuthEndpoints,
  credentialsFactory?: ServiceClientCredentialsFactory,
): BotFrameworkAuthentication {
  return new StrictAuthentication(
    new ConfigurationBotFrameworkAuthentication(authOptions(config, endpoints), credentialsFactory),
  );
}
