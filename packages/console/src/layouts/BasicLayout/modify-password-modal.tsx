/**
 * 'modify password' of the user menu (SPEC §2): the dialog lives with the first-login change it shares
 * its fields and checks with, in pages/ModifyPassword.
 */
export { default } from '../../pages/ModifyPassword';
