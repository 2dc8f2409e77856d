/**
 * Shows the free plan's notice (plans/free-plan-notice.tsx) when a free user's or a visitor's
 * empty map gets its first area, once per user in this browser (plans/plan-notices.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../auth/use-session.js';
import { FreePlanNotice } from '../plans/free-plan-notice.js';
import { takeNotice } from '../plans/plan-notices.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { useEditorSnapshot } from './editor-context.js';

export function FirstAreaNotice() {
  const { firstAreaAdded, isVisitor } = useEditorSnapshot();
  const { user } = useSession();
  const access = usePlanAccess();
  const [open, setOpen] = useState(false);
  const handled = useRef(firstAreaAdded);

  useEffect(() => {
    if (firstAreaAdded === null || firstAreaAdded === handled.current || !access) return;
    handled.current = firstAreaAdded;
    if (access.plan.tier !== 'free') return;
    if (takeNotice('firstArea', isVisitor ? null : user)) setOpen(true);
  }, [firstAreaAdded, access, isVisitor, user]);

  return <FreePlanNotice moment="firstArea" open={open} onClose={() => setOpen(false)} />;
}
