/** Footer links, in the order the spec lists them. */
export const FOOTER_LINKS = [
  { title: "Get Started", url: "/guides/getting-started/" },
  { title: "Comparison", url: "/comparison/" },
  { title: "Privacy Policy", url: "https://openjsf.org/wp-content/uploads/sites/84/2021/04/OpenJS-Foundation-Privacy-Policy-2019-11-15.pdf" },
  { title: "Swag Store", url: "https://webpack.threadless.com" },
  { title: "Awesome", url: "/awesome-webpack/" },
  { title: "Glossary", url: "/glossary/" },
  { title: "Branding", url: "/branding/" },
  { title: "Gitter", url: "https://gitter.im/webpack/webpack" },
  { title: "Changelog", url: "https://github.com/webpack/webpack/releases" },
  { title: "License", url: "/license/" },
];

/** The site footer with its fixed set of links. */
export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        {FOOTER_LINKS.map((link) => (
          <a key={link.title} href={link.url} rel={link.url.startsWith("http") ? "noopener noreferrer" : undefined}>
            {link.title}
          </a>
        ))}
      </nav>
    </footer>
  );
}
