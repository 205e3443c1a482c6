import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-notice.js';

/** Server messages of notices: `errors:notice.<reason>` (docs/notices.md). */
export default {
  notice: {
    not_found: "The notice does not exist or is not one of this application's",
    title_required: 'Please enter the notice title',
    title_too_long: 'The notice title cannot exceed {{max}} characters',
    body_too_long: 'The notice content is too long (at most {{max}} characters)',
    body_required: 'Please enter the notice content',
    audience_required: 'Please select who receives the notice',
    target_unknown: '"{{id}}" in the audience is not a tenant, organisation, role or user of this application',
    time_invalid: 'The publish time or expiry is not a valid time',
    expire_before_publish: 'The expiry time must be after the publish time',
    expired: 'The notice has expired and cannot be published',
    state: "This action is not possible in the notice's current status",
    image_unknown: 'The image "{{id}}" does not exist or cannot be used; please upload it again',
  },
} satisfies Messages<typeof zh>;
