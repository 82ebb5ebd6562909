import { toggleTheme, useTheme } from '../../shared/theme/theme.ts';
import { Icon } from '../../shared/ui/icons.tsx';

export function ThemeToggle() {
  const theme = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button type="button" className="btn btn-icon" onClick={toggleTheme} aria-label={label} title={label}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
