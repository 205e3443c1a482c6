/**
 * SPEC §1 workflow lists of the user area (docs/workflow.md "Screens"): my task (handle pending), my handled,
 * process initiated — one screen each (routes/user-admin.tsx), all the shared workflow grid. "My message" is
 * the messages part's inbox, linked from each.
 */
import WfRequests from '../../../components/WfRequests';

/** "my task" / "handle pending". */
export const WfTasks = () => <WfRequests list="task" />;
/** "my handled". */
export const WfHandled = () => <WfRequests list="handled" />;
/** "process initiated", with the request form. */
export const WfInitiated = () => <WfRequests list="initiated" />;
