/** The page for any unknown path. */
export function NotFound() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>Oops! The page you are looking for has been removed or relocated.</p>
      <a className="button" href="/">
        Go to Homepage
      </a>
    </section>
  );
}
