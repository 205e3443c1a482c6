import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-client.js';

export default {
  id_pattern: 'The client ID must consist of letters, numbers, hyphens and underscores',
  id_in_use: 'The client ID "{{clientId}}" is already in use',
  not_found: 'The client does not exist or has been deleted',
  app_required: 'Please choose an application first',
  uri_invalid: '"{{uri}}" is not a valid address starting with http:// or https://',
  uri_fragment: 'The redirect URI "{{uri}}" must not contain a # fragment',
  uri_https_required: 'The redirect URI "{{uri}}" must use https (http is allowed only for localhost and 127.0.0.1)',
  uri_too_long: 'The redirect URI "{{uri}}" cannot be longer than {{max}} characters',
  uris_too_many: 'At most {{max}} redirect URIs are allowed',
  redirect_uri_required: 'The authorization code grant needs at least one redirect URI',
  grant_type_required: 'Please choose at least one grant type',
  grant_type_invalid: 'The grant type "{{grantType}}" is not supported',
  refresh_needs_code: 'The refresh token grant can only be used with the authorization code grant',
  public_no_secret: 'A public client has no secret, so there is no secret to reset',
  credentials_need_secret: 'A public client has no secret, so it cannot use the client credentials grant',
} satisfies Messages<typeof zh>;
