import type { Messages } from '../../types.js';
import type zh from '../zh-CN/oidc.js';

export default {
  systemName: 'MP3.0 single sign-on',
  errorTitle: 'Sign-in could not continue',
  errorHint: 'Go back to the application and start signing in again. If this keeps happening, contact your administrator.',
  errorDetail: 'Details',
  error: {
    invalid_request: 'The sign-in request is not valid.',
    invalid_client: 'The application is not registered, or it or its app is disabled.',
    invalid_redirect_uri: 'The redirect address the application sent is not registered.',
    unauthorized_client: 'The application may not use this kind of authorization.',
    session_not_found: 'The sign-in request has expired. Go back to the application and sign in again.',
    invalid_grant: 'The authorization is no longer valid.',
    access_denied: 'You may not use this application.',
    server_error: 'Server exception; please try again later.',
    ticket_invalid: 'The sign-in hand-off has expired or was already used. Please sign in again.',
    redirect_mismatch: 'The redirect address does not match the sign-in request.',
    other: 'Something went wrong while signing in.',
  },
  signInAgain: 'Sign in again',
  logoutTitle: 'Sign out',
  logoutQuestion: 'Do you want to sign out of {{system}}?',
  logoutFrom: 'Application: {{client}}',
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  logoutDoneTitle: 'Signed out',
  logoutDone: 'You have signed out.',
  logoutDoneFrom: 'You have signed out of {{client}}.',
} satisfies Messages<typeof zh>;
