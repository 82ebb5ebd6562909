import { useEffect, useState } from 'react';
import { LIMITS } from '@admin-portal/contract/messages';

/** Spec §2/§9: while a screen loads, a bar at the top advances 10 % each second and stops at 100. */
export function LoadingBar({ active }: { active: boolean }) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!active) {
      setProgress(0);
      return;
    }
    // Spec §2/§9: it starts at 0 and gains a step each tick (10 % after one second, 100 % after ten).
    setProgress(0);
    const timer = setInterval(() => {
      setProgress((p) => Math.min(p + LIMITS.loadingBarStep, LIMITS.loadingBarCap));
    }, LIMITS.loadingBarTickMs);
    return () => clearInterval(timer);
  }, [active]);

  if (!active) return null;
  return (
    <div
      className="progress loading-bar"
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={LIMITS.loadingBarCap}
      aria-valuenow={progress}
    >
      <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${progress}%` }} />
    </div>
  );
}
