/** @mp/sdk: the typed, signing client of the MP3.0 gateway (README.md; docs/protocol.md "SDK"). */
export {
  MpClient,
  MpApiError,
  type MpClientOptions,
  type CallOptions,
  type ServiceAccountCredential,
  type SignInInput,
  type UserAddInput,
  type UserEditInput,
} from './client.js';
export { encryptValue, protocolHash, nonce, type CryptoType } from './crypto.js';
