import {
  CallerIdConstants,
  ConfigurationBotFrameworkAuthentication,
  type Activity,
  type ConfigurationBotFrameworkAuthenticationOptions,
} from 'botbuilder';
import {
  AuthenticationConstants,
  AuthenticationError,
  GovernmentConstants,
  BotFrameworkAuthentication,
  type AuthenticateRequestResult,
  type ClaimsIdentity,
  type ConnectorFactory,
  type ServiceClientCredentialsFactory,
  type UserTokenClient,
} from 'botframework-connector';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';

type TeamsConfig = NonNullable<Config['teams']>;

/** The SDK's own endpoint settings (ConfigurationBotFrameworkAuthenticationOptions), as configured. */
export type BotFrameworkEndpoints = TeamsConfig['botFramework'];

/**
 * The options botbuilder's ConfigurationBotFrameworkAuthentication reads. With no endpoint set
 * the library picks public Azure (or US Government, from ChannelService) itself. Once any one is
 * set it switches to fully parameterized mode and uses every value as given, empty ones included;
 * so the rest are filled from the cloud ChannelService names, and a staging issuer or a sovereign
 * login host only needs the values that differ.
 */
export function authOptions(config: TeamsConfig): ConfigurationBotFrameworkAuthenticationOptions {
  const bf = config.botFramework;
  const base = {
    MicrosoftAppId: config.appId ?? '',
    MicrosoftAppPassword: config.appPassword ?? '',
    MicrosoftAppType: config.appType,
    MicrosoftAppTenantId: config.appTenantId ?? '',
    ...(bf.channelService ? { ChannelService: bf.channelService } : {}),
    ValidateAuthority: bf.validateAuthority,
  };
  const overrides = {
    ToChannelFromBotLoginUrl: bf.toChannelFromBotLoginUrl,
    ToChannelFromBotOAuthScope: bf.toChannelFromBotOAuthScope,
    ToBotFromChannelTokenIssuer: bf.toBotFromChannelTokenIssuer,
    OAuthUrl: bf.oAuthUrl,
    ToBotFromChannelOpenIdMetadataUrl: bf.toBotFromChannelOpenIdMetadataUrl,
    ToBotFromEmulatorOpenIdMetadataUrl: bf.toBotFromEmulatorOpenIdMetadataUrl,
    CallerId: bf.callerId,
  };
  if (Object.values(overrides).every((v) => v === undefined))
    return base as ConfigurationBotFrameworkAuthenticationOptions;
  const government = bf.channelService === GovernmentConstants.ChannelService;
  const cloud = government ? GovernmentConstants : AuthenticationConstants;
  // The token authority: the app's own tenant for a single-tenant app, else the cloud's default.
  const loginUrl =
    config.appType === 'SingleTenant' && config.appTenantId
      ? `${cloud.ToChannelFromBotLoginUrlPrefix}${config.appTenantId}`
      : cloud.ToChannelFromBotLoginUrl;
  return {
    ...base,
    ToChannelFromBotLoginUrl: overrides.ToChannelFromBotLoginUrl ?? loginUrl,
    ToChannelFromBotOAuthScope: overrides.ToChannelFromBotOAuthScope ?? cloud.ToChannelFromBotOAuthScope,
    ToBotFromChannelTokenIssuer: overrides.ToBotFromChannelTokenIssuer ?? cloud.ToBotFromChannelTokenIssuer,
    OAuthUrl: overrides.OAuthUrl ?? cloud.OAuthUrl,
    ToBotFromChannelOpenIdMetadataUrl:
      overrides.ToBotFromChannelOpenIdMetadataUrl ?? cloud.ToBotFromChannelOpenIdMetadataUrl,
    ToBotFromEmulatorOpenIdMetadataUrl:
      overrides.ToBotFromEmulatorOpenIdMetadataUrl ?? cloud.ToBotFromEmulatorOpenIdMetadataUrl,
    CallerId:
      overrides.CallerId ??
      (government ? CallerIdConstants.USGovChannel : CallerIdConstants.PublicAzureChannel),
  } as ConfigurationBotFrameworkAuthenticationOptions;
}

/** What a caller refused at /api/messages is told: nothing about why (the log has that). */
export const UNAUTHORIZED_BODY = 'Unauthorized';

/**
 * Every failure to authenticate is a 401 whose body is only "Unauthorized". The library reports
 * some bad tokens (a signature that does not verify, a malformed JWT) as plain errors, which
 * CloudAdapter turns into 500, and its messages carry internal detail (an unreachable metadata
 * host's DNS error, the expected app id) that CloudAdapter would send as the response body.
 */
class StrictAuthentication extends BotFrameworkAuthentication {
  constructor(
    private readonly inner: BotFrameworkAuthentication,
    private readonly logger: Logger,
  ) {
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
      // The header itself is never logged: it is a bearer token.
      this.logger.warn(
        { err, hasAuthorization: authHeader !== '', serviceUrl: activity.serviceUrl, type: activity.type },
        'teams: request refused (authentication failed)',
      );
      throw new AuthenticationError(UNAUTHORIZED_BODY, 401);
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

/** Bot Framework authentication from the Azure Bot variables and the SDK's endpoint settings. */
export function createTeamsAuthentication(
  config: TeamsConfig,
  logger: Logger,
  credentialsFactory?: ServiceClientCredentialsFactory,
): BotFrameworkAuthentication {
  return new StrictAuthentication(
    new ConfigurationBotFrameworkAuthentication(authOptions(config), credentialsFactory),
    logger,
  );
}
