import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-message.js';

/** Server messages of message templates, messages and "my message": `errors:messagetemplate.<reason>`, `errors:message.<reason>` (docs/messages.md). */
export default {
  messagetemplate: {
    not_found: "The message template does not exist or is not one of this application's",
    code_in_use: 'The template code "{{code}}" already exists',
    code_pattern: 'The template code may contain only letters, digits and underscores, at most 30 characters',
    content_required: 'Please enter the body in at least one language',
    subject_required: 'Please enter the subject in {{language}}',
    subject_too_long: 'The subject in {{language}} cannot be longer than {{max}} characters',
    body_too_long: 'The body in {{language}} cannot be longer than {{max}} characters',
    script_tag: 'The text in {{language}} cannot contain a script tag',
    placeholder_unknown: 'Unknown variables: {{names}}',
    placeholder_malformed: 'Malformed variables: {{names}} (write them as {{example}})',
    variable_name:
      'The variable name "{{name}}" is not valid: a letter, then letters, digits or underscores, at most 30 characters, and not the name of a built-in variable',
    variable_duplicate: 'The variable "{{name}}" is declared twice',
    variable_too_many: 'A template can declare at most {{max}} variables',
    in_use: 'The template "{{code}}" is still used by {{count}} scheduled messages; cancel them first',
    disabled: 'The template "{{code}}" is disabled',
  },
  message: {
    not_found: 'The message does not exist',
    channel_required: 'Please choose the channel',
    body_required: 'Please enter the message body',
    audience_required: 'Please choose at least one recipient, organisation or role',
    target_unknown: 'The recipient "{{id}}" is not one of this application\'s',
    value_required: 'Please enter a value for the variable "{{name}}"',
    value_too_long: 'The value of "{{name}}" cannot be longer than {{max}} characters',
    send_at_invalid: 'The sending time must be in the future, within one year',
    not_scheduled: 'Only a scheduled message that has not been sent can be cancelled',
    not_failed: 'Only failed deliveries can be retried',
  },
} satisfies Messages<typeof zh>;
