/**
 * Approval workflow (issue 16 "Workflow: approvals"; migration 0027; docs/workflow.md): process definitions per
 * application, requests of users for an application or an application role, and each request's step history.
 */
import { index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './catalog.js';
import { tenants } from './platform.js';
import { users } from './tenant.js';

/** One step of a process: the requester's organisation manager (holders of a tenant role) or the application's administrators. */
export type WfStepRecord = { kind: 'manager'; roleCode: string } | { kind: 'appAdmin' };

/** An application's process (absent: the default, docs/workflow.md "Approvers"). */
export const wfProcesses = pgTable('wf_processes', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<WfStepRecord[]>().notNull(),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A request; `steps` is the process copied at submission, `currentStep` the index of the waiting step. */
export const wfRequests = pgTable(
  'wf_requests',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's affiliated organisation when submitting: manager steps go to its managers. */
    orgId: text('org_id'),
    /** 'app' | 'approle' */
    kind: text('kind').notNull(),
    /** The product id (kind 'app') or the application role id (kind 'approle'). */
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull().default(''),
    reason: text('reason').notNull(),
    /** 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'closed' */
    status: text('status').notNull().default('pending'),
    steps: jsonb('steps').$type<WfStepRecord[]>().notNull(),
    currentStep: smallint('current_step').notNull().default(0),
    /** The current step's kind ('manager' | 'appAdmin') and lower-case approver role number: the task lists' index keys. */
    stepKind: text('step_kind').notNull().default(''),
    stepRole: text('step_role').notNull().default(''),
    /** The path of `org_id`'s organisation, kept by triggers for pending requests (migration 0029): the manager index's range key. */
    orgPath: text('org_path').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('wf_requests_requester_idx').on(t.requesterId, t.createdAt),
    index('wf_requests_product_idx').on(t.productId, t.status, t.createdAt),
    // migration 0029: the manager index's org_path uses text_pattern_ops; both carry INCLUDE columns (manager: org_id,
    // requester_id; admin: requester_id, tenant_id)
    index('wf_requests_manager_idx').on(t.tenantId, t.stepRole, t.orgPath).where(sql`${t.status} = 'pending' and ${t.stepKind} = 'manager'`),
    index('wf_requests_admin_idx').on(t.productId).where(sql`${t.status} = 'pending' and ${t.stepKind} = 'appAdmin'`),
    index('wf_requests_pending_org_idx').on(t.orgId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('wf_requests_open_uq').on(t.requesterId, t.kind, t.targetId).where(sql`${t.status} = 'pending'`),
  ],
);

/** The step history of a request. */
export const wfActions = pgTable(
  'wf_actions',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => wfRequests.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    step: smallint('step').notNull(),
    /** 'submit' | 'approve' | 'reject' | 'withdraw' | 'reroute' | 'close' */
    action: text('action').notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wf_actions_request_idx').on(t.requestId, t.createdAt), index('wf_actions_actor_idx').on(t.actorId, t.createdAt)],
);
