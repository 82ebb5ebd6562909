import { Link } from 'react-router';
import { MESSAGES } from '@admin-portal/contract/messages';
import { APP_NAME, APP_VERSION } from '../../shared/lib/app-info.ts';
import { SCREEN_PATHS } from '../screen-paths.ts';

const FOOTER_LINKS = [
  { url: '/help', title: 'Help' },
  { url: '/docs', title: 'Documentation' },
  { url: '/support', title: 'Support' },
  { url: '/privacy-policy', title: 'Privacy Policy' },
].filter((link) => SCREEN_PATHS.has(link.url));

/** Spec §2 footer: the static status indicator, the product and version, and the links. */
export function Footer() {
  return (
    <footer className="app-footer">
      <span className="footer-status">
        <span className="status-dot" aria-hidden="true" />
        {MESSAGES.allSystemsOperational}
      </span>
      <span className="text-body-secondary">
        © {new Date().getFullYear()} {APP_NAME} v{APP_VERSION}
      </span>
      {FOOTER_LINKS.length > 0 && (
        <nav aria-label="Footer" className="ms-md-auto">
          <ul className="list-inline mb-0">
            {FOOTER_LINKS.map((link) => (
              <li key={link.url} className="list-inline-item">
                <Link to={link.url}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </footer>
  );
}
