/**
 * The OpenID provider of an app instance, for code outside the provider's own routes that must read its
 * state through it (the policy service validates client_credentials access tokens with
 * `provider.ClientCredentials.find`; plugins/app-client.ts). Keyed by the app's `database` object, which
 * every encapsulated plugin of one app shares; set once by oidc.plugin.ts.
 */
import type Provider from 'oidc-provider';

const providers = new WeakMap<object, Provider>();

/** Records `provider` as the provider of the app owning `database`. */
export function registerProvider(database: object, provider: Provider): void {
  providers.set(database, provider);
}

/** The provider of the app owning `database`; undefined before oidc.plugin.ts has run. */
export function providerFor(database: object): Provider | undefined {
  return providers.get(database);
}
