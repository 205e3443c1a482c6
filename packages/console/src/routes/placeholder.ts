/**
 * The placeholder screen for routes a later issue fills (SPEC §2). Kept apart from routes/types.ts so
 * the route types import no screen (the placeholder screen reads the route meta type).
 */
import type { ScreenModule } from './types';

export const placeholder: ScreenModule = () => import('../pages/Placeholder');
