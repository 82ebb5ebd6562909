import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame. The sidebar, footer, dialogs and assistant of spec §2 arrive with the shell. */
export function AppLayout() {
  return (
    <div className="d-flex flex-column min-vh-100 bg-body-tertiary">
      <TopBar />
      <Container as="main" fluid="xl" className="flex-grow-1 py-4" id="main-content">
        <Outlet />
      </Container>
    </div>
  );
}
