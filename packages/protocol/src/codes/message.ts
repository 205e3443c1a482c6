/**
 * Response codes of message templates, messages and "my message" (`messagetemplate.reason`, `message.reason`);
 * messages under `errors:messagetemplate.<reason>` / `errors:message.<reason>` in @mp/i18n
 * (locales/<locale>/errors-message.ts). docs/messages.md.
 */
export const MessageTemplateCodes = {
  /** The template is not one of this application's. */
  NOT_FOUND: 'messagetemplate.not_found',
  /** Template code already used in the application, case-insensitively (params: code). */
  CODE_IN_USE: 'messagetemplate.code_in_use',
  /** Code not letters, digits and `_` (≤ 30). */
  CODE_PATTERN: 'messagetemplate.code_pattern',
  /** No language with a body. */
  CONTENT_REQUIRED: 'messagetemplate.content_required',
  /** A language without a subject on a channel with subjects (params: language). */
  SUBJECT_REQUIRED: 'messagetemplate.subject_required',
  /** A subject longer than allowed (params: language, max). */
  SUBJECT_TOO_LONG: 'messagetemplate.subject_too_long',
  /** A body longer than the channel allows (params: language, max). */
  BODY_TOO_LONG: 'messagetemplate.body_too_long',
  /** Text with a script tag (params: language). */
  SCRIPT_TAG: 'messagetemplate.script_tag',
  /** Placeholders naming no known variable (params: names, comma-separated). */
  PLACEHOLDER_UNKNOWN: 'messagetemplate.placeholder_unknown',
  /** Malformed placeholders (params: names: the offending text). */
  PLACEHOLDER_MALFORMED: 'messagetemplate.placeholder_malformed',
  /** A custom variable's name is not a letter then letters, digits, `_` (≤ 30), or is a built-in's (params: name). */
  VARIABLE_NAME: 'messagetemplate.variable_name',
  /** Two custom variables with the same name (params: name). */
  VARIABLE_DUPLICATE: 'messagetemplate.variable_duplicate',
  /** More custom variables than allowed (params: max). */
  VARIABLE_TOO_MANY: 'messagetemplate.variable_too_many',
  /** Deleting a template that scheduled messages still use (params: code, count). */
  IN_USE: 'messagetemplate.in_use',
  /** Sending from a disabled template (params: code). */
  DISABLED: 'messagetemplate.disabled',
} as const;

export const MessageCodes = {
  /** The message (or delivery, or the caller's message) does not exist here. */
  NOT_FOUND: 'message.not_found',
  /** Free text without a channel. */
  CHANNEL_REQUIRED: 'message.channel_required',
  /** Free text without a body. */
  BODY_REQUIRED: 'message.body_required',
  /** No recipient listed. */
  AUDIENCE_REQUIRED: 'message.audience_required',
  /** A listed user, organisation or role that is not the application's (params: id). */
  TARGET_UNKNOWN: 'message.target_unknown',
  /** A custom variable without a value (params: name). */
  VALUE_REQUIRED: 'message.value_required',
  /** A value longer than allowed (params: name, max). */
  VALUE_TOO_LONG: 'message.value_too_long',
  /** `sendAt` not a time, in the past, or more than a year ahead. */
  SEND_AT_INVALID: 'message.send_at_invalid',
  /** Cancelling a message that is no longer scheduled. */
  NOT_SCHEDULED: 'message.not_scheduled',
  /** Retrying a delivery that has not failed. */
  NOT_FAILED: 'message.not_failed',
} as const;
