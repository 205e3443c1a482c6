import type { Messages } from '../../types.js';
import type zh from '../zh-CN/http.js';

export default {
  networkError: 'Because of the network error caused by this operation cannot be completed.',
  unknownError: 'unknown error, contact the administrator',
  tipInformation: 'tip information',
  authExpired: 'authentication expired, please log in again',
  requestTimeout: 'request timeout',
  errorTitle: 'Error',
  confirm: 'OK',
} satisfies Messages<typeof zh>;
