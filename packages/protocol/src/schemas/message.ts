/**
 * Message templates, messages, deliveries and "my message" (issue 16 part M; SPEC §1 "my message", §2 App
 * messagetemplate / message, §7 silent unread count; docs/messages.md). The application area's calls are
 * `{ app: 'admin' }` (the application is the APPID header's, never a body field); the user's calls are the
 * caller's own in-site messages.
 *
 * Placeholders: `{{user.name}}`, `{{user.username}}`, `{{tenant.name}}`, `{{app.name}}` and the custom variables
 * a template declares (`{{orderNo}}`: a letter, then letters, digits or `_`, ≤ 30). Values are escaped for the
 * channel: HTML-escaped in e-mail bodies (HTML), plain text in SMS and in-site messages (shown as text).
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { pageQuery, StatusValueSchema } from './common.js';

/** Gateway paths of the message calls (all POST). */
export const MessagePaths = {
  listmessagetemplate: '/gateway/tenant/plat/messagetemplate/listmessagetemplate',
  getmessagetemplate: '/gateway/tenant/plat/messagetemplate/getmessagetemplate',
  addmessagetemplate: '/gateway/tenant/plat/messagetemplate/addmessagetemplate',
  editmessagetemplate: '/gateway/tenant/plat/messagetemplate/editmessagetemplate',
  deletemessagetemplate: '/gateway/tenant/plat/messagetemplate/deletemessagetemplate',
  statusmessagetemplate: '/gateway/tenant/plat/messagetemplate/statusmessagetemplate',
  /** Renders unsaved texts with sample values (nothing stored). */
  getmessagepreview: '/gateway/tenant/plat/messagetemplate/getmessagepreview',
  listmessage: '/gateway/tenant/plat/message/listmessage',
  getmessage: '/gateway/tenant/plat/message/getmessage',
  /** Sends (now or at `sendAt`) from a template or free text. */
  sendmessage: '/gateway/tenant/plat/message/sendmessage',
  /** Cancels a scheduled message (`status: 'cancelled'`). */
  statusmessage: '/gateway/tenant/plat/message/statusmessage',
  listmessagedelivery: '/gateway/tenant/plat/message/listmessagedelivery',
  /** Retries failed deliveries (`status: 'pending'`). */
  statusmessagedelivery: '/gateway/tenant/plat/message/statusmessagedelivery',
  /** Recipients to choose from: the application's users, organisations of its tenants, its roles. */
  listmessagetarget: '/gateway/tenant/plat/message/listmessagetarget',
  listmymessage: '/gateway/tenant/plat/mymessage/listmymessage',
  /** One of the caller's messages; opening it marks it read. */
  getmymessage: '/gateway/tenant/plat/mymessage/getmymessage',
  /** The caller's unread count (silent on error in the console, SPEC §7). */
  getmymessageunread: '/gateway/tenant/plat/mymessage/getmymessageunread',
  /** Marks the caller's messages read (`ids`, or all). */
  statusmymessage: '/gateway/tenant/plat/mymessage/statusmymessage',
} as const;

/** Channels: in-site (the user's "my message"), e-mail (HTML body), SMS (no subject). */
export const MESSAGE_CHANNELS = ['insite', 'email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MessageChannelSchema = Type.Union([Type.Literal('insite'), Type.Literal('email'), Type.Literal('sms')]);

/** Languages a template may carry; the recipient's language picks (docs/messages.md "Language"). */
export const MESSAGE_LANGUAGES = ['ZH_CN', 'EN_US', 'JA_JP'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** The built-in variables, filled per recipient. */
export const BUILTIN_VARIABLES = ['user.name', 'user.username', 'tenant.name', 'app.name'] as const;

/** Rules of templates and messages (characters). SMS bodies are short; e-mail bodies may be long HTML. */
export const MESSAGE_RULES = {
  code: { max: 30, pattern: /^[A-Za-z0-9_]+$/ },
  name: { max: MAX_LEN.middle },
  description: { max: MAX_LEN.huge },
  subject: { max: MAX_LEN.huge },
  body: { insite: 4000, email: 20000, sms: 500 },
  variable: { pattern: /^[A-Za-z][A-Za-z0-9_]{0,29}$/, maxCount: 20, value: 500, sample: MAX_LEN.large },
  /** A message goes to at most this many listed users / organisations / roles (the recipients may be many more). */
  audience: { maxItems: 1000 },
} as const;

/** Delivery statuses (read: an in-site message the user opened). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'read'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DeliveryStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('read'),
]);

/** Message statuses: scheduled (recipients not yet resolved), sent (deliveries written), cancelled. */
export const MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (max: number) => Type.String({ maxLength: max });
const Ids = Type.Array(Id, { maxItems: 1000 });

/** Texts of one language. */
export const MessageTextSchema = Type.Object({ subject: Type.Optional(Text(MESSAGE_RULES.subject.max * 2)), body: Text(MESSAGE_RULES.body.email * 2) });
/** Texts per language (at least one language with a body). */
export const MessageContentsSchema = Type.Object(
  {
    ZH_CN: Type.Optional(MessageTextSchema),
    EN_US: Type.Optional(MessageTextSchema),
    JA_JP: Type.Optional(MessageTextSchema),
  },
  { additionalProperties: false },
);
export type MessageContents = Static<typeof MessageContentsSchema>;
/** A custom variable: its name and a sample value (for the preview). */
export const MessageVariableSchema = Type.Object({ name: Text(60), sample: Type.Optional(Text(MESSAGE_RULES.variable.sample * 2)) });
export type MessageVariable = { name: string; sample: string };
const Variables = Type.Array(MessageVariableSchema, { maxItems: MESSAGE_RULES.variable.maxCount * 2 });
/** Values of custom variables by name. */
export const MessageValuesSchema = Type.Record(Type.String({ maxLength: 60 }), Text(MESSAGE_RULES.variable.value * 2), {
  maxProperties: MESSAGE_RULES.variable.maxCount * 2,
});

export const MESSAGE_TEMPLATE_SORT_FIELDS = ['code', 'name', 'channel', 'status', 'updatedAt'] as const;
/** `listmessagetemplate`: paged; `keyword` contains on code or name; channel, status. */
export const MessageTemplateListBody = Type.Object({
  ...pageQuery(MESSAGE_TEMPLATE_SORT_FIELDS),
  keyword: Type.Optional(Text(MAX_LEN.middle)),
  channel: Type.Optional(MessageChannelSchema),
  status: Type.Optional(StatusValueSchema),
});
export type MessageTemplateListBody = Static<typeof MessageTemplateListBody>;

const templateFields = {
  code: Text(MAX_LEN.middle),
  name: Text(MAX_LEN.large),
  channel: MessageChannelSchema,
  contents: MessageContentsSchema,
  variables: Type.Optional(Variables),
  description: Type.Optional(Text(MAX_LEN.huge * 2)),
  status: Type.Optional(StatusValueSchema),
};
/** `addmessagetemplate`. */
export const MessageTemplateAddBody = Type.Object(templateFields);
export type MessageTemplateAddBody = Static<typeof MessageTemplateAddBody>;
/** `editmessagetemplate`. */
export const MessageTemplateEditBody = Type.Object({ id: Id, ...templateFields });
export type MessageTemplateEditBody = Static<typeof MessageTemplateEditBody>;
/** `getmessagetemplate`, `getmessage`, `getmymessage`. */
export const MessageIdBody = Type.Object({ id: Id });
export type MessageIdBody = Static<typeof MessageIdBody>;
/** `deletemessagetemplate`: all or none. */
export const MessageIdsBody = Type.Object({ ids: Ids });
export type MessageIdsBody = Static<typeof MessageIdsBody>;
/** `statusmessagetemplate`: enable (1) or disable (0), all or none. */
export const MessageTemplateStatusBody = Type.Object({ ids: Ids, status: StatusValueSchema });
export type MessageTemplateStatusBody = Static<typeof MessageTemplateStatusBody>;
/** `getmessagepreview`: texts (saved or not), declared variables, values (else the samples), language to show. */
export const MessagePreviewBody = Type.Object({
  channel: MessageChannelSchema,
  contents: MessageContentsSchema,
  variables: Type.Optional(Variables),
  values: Type.Optional(MessageValuesSchema),
  language: Type.Optional(Type.Union([Type.Literal('ZH_CN'), Type.Literal('EN_US'), Type.Literal('JA_JP')])),
});
export type MessagePreviewBody = Static<typeof MessagePreviewBody>;

/** An organisation of the audience, with (`sub`) or without its sub-organisations. */
export const MessageOrgTargetSchema = Type.Object({ id: Id, sub: Type.Boolean() });
/** `sendmessage`: a template (`templateId`, `values`) or free text (`channel`, `subject`, `body`); recipients; optional `sendAt` (ISO time, future). */
export const MessageSendBody = Type.Object({
  templateId: Type.Optional(Id),
  values: Type.Optional(MessageValuesSchema),
  channel: Type.Optional(MessageChannelSchema),
  subject: Type.Optional(Text(MESSAGE_RULES.subject.max * 2)),
  body: Type.Optional(Text(MESSAGE_RULES.body.email * 2)),
  userIds: Type.Optional(Type.Array(Id, { maxItems: MESSAGE_RULES.audience.maxItems })),
  orgs: Type.Optional(Type.Array(MessageOrgTargetSchema, { maxItems: MESSAGE_RULES.audience.maxItems })),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: MESSAGE_RULES.audience.maxItems })),
  sendAt: Type.Optional(Type.String({ maxLength: 40 })),
});
export type MessageSendBody = Static<typeof MessageSendBody>;

export const MESSAGE_SORT_FIELDS = ['createdAt', 'sendAt', 'channel', 'status'] as const;
/** `listmessage`: paged; `keyword` contains on the subject; channel, status. */
export const MessageListBody = Type.Object({
  ...pageQuery(MESSAGE_SORT_FIELDS),
  keyword: Type.Optional(Text(MAX_LEN.middle)),
  channel: Type.Optional(MessageChannelSchema),
  status: Type.Optional(Type.Union([Type.Literal('scheduled'), Type.Literal('sent'), Type.Literal('cancelled')])),
});
export type MessageListBody = Static<typeof MessageListBody>;
/** `statusmessage`: cancel a scheduled message. */
export const MessageStatusBody = Type.Object({ id: Id, status: Type.Literal('cancelled') });
export type MessageStatusBody = Static<typeof MessageStatusBody>;

export const MESSAGE_DELIVERY_SORT_FIELDS = ['createdAt', 'status', 'username', 'sentAt'] as const;
/** `listmessagedelivery`: one message's deliveries, paged; status; `keyword` starts with on username / employee name. */
export const MessageDeliveryListBody = Type.Object({
  ...pageQuery(MESSAGE_DELIVERY_SORT_FIELDS),
  messageId: Id,
  status: Type.Optional(DeliveryStatusSchema),
  keyword: Type.Optional(Text(MAX_LEN.middle)),
});
export type MessageDeliveryListBody = Static<typeof MessageDeliveryListBody>;
/** `statusmessagedelivery`: retry failed deliveries of a message (`ids`, or every failed one). */
export const MessageDeliveryRetryBody = Type.Object({ messageId: Id, ids: Type.Optional(Ids), status: Type.Literal('pending') });
export type MessageDeliveryRetryBody = Static<typeof MessageDeliveryRetryBody>;

export const MESSAGE_TARGET_KINDS = ['user', 'org', 'role'] as const;
export type MessageTargetKind = (typeof MESSAGE_TARGET_KINDS)[number];
/** `listmessagetarget`: one kind, `keyword` contains on name (and username for users), paged (no sort). */
export const MessageTargetListBody = Type.Object({
  kind: Type.Union([Type.Literal('user'), Type.Literal('org'), Type.Literal('role')]),
  keyword: Type.Optional(Text(MAX_LEN.middle)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type MessageTargetListBody = Static<typeof MessageTargetListBody>;

export const MY_MESSAGE_SORT_FIELDS = ['createdAt'] as const;
/** `listmymessage`: the caller's in-site messages, newest first; `unread` only unread ones; `keyword` contains on the subject. */
export const MyMessageListBody = Type.Object({
  ...pageQuery(MY_MESSAGE_SORT_FIELDS),
  unread: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Text(MAX_LEN.middle)),
});
export type MyMessageListBody = Static<typeof MyMessageListBody>;
/** `statusmymessage`: mark `ids` read, or all (`ids` absent or empty). */
export const MyMessageReadBody = Type.Object({ ids: Type.Optional(Ids), status: Type.Literal('read') });
export type MyMessageReadBody = Static<typeof MyMessageReadBody>;

/** A row of the template grid (and `getmessagetemplate`). */
export interface MessageTemplateRow {
  id: string;
  code: string;
  name: string;
  channel: MessageChannel;
  contents: MessageContents;
  variables: MessageVariable[];
  status: 0 | 1;
  description: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}
/** Delivery counts of a message per status. */
export type DeliveryCounts = Record<DeliveryStatus, number> & { total: number };
/** A row of the message grid (and `getmessage`, which adds `contents`, `values` and the audience's names). */
export interface MessageRow {
  id: string;
  templateId: string;
  templateName: string;
  channel: MessageChannel;
  subject: string;
  status: MessageStatus;
  sendAt: string;
  recipients: number;
  counts: DeliveryCounts;
  creator: string;
  createdAt: string;
}
/** `getmessage`: the row with the texts, values and named audience. */
export interface MessageDetail extends MessageRow {
  contents: MessageContents;
  values: Record<string, string>;
  audience: { users: { id: string; name: string }[]; orgs: { id: string; name: string; sub: boolean }[]; roles: { id: string; name: string }[] };
}
/** A row of a message's deliveries. */
export interface MessageDeliveryRow {
  id: string;
  userId: string;
  username: string;
  employeeName: string;
  tenantName: string;
  channel: MessageChannel;
  address: string;
  language: string;
  status: DeliveryStatus;
  reason: string;
  attempts: number;
  sentAt: string;
  readAt: string;
  createdAt: string;
}
/** A recipient choice of `listmessagetarget`. */
export interface MessageTargetRow {
  id: string;
  name: string;
  detail: string;
}
/** `getmessagepreview`: the rendered texts in `language`. */
export interface MessagePreview {
  language: MessageLanguage;
  subject: string;
  body: string;
}
/** One of the caller's in-site messages (`body` plain text, shown escaped). */
export interface MyMessageRow {
  id: string;
  subject: string;
  body: string;
  appName: string;
  sourceKind: string;
  sourceId: string;
  read: boolean;
  createdAt: string;
  readAt: string;
}
