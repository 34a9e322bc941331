//! The page: HTML, script and style compiled into the binary, so the
//! explorer works offline and loads nothing from elsewhere (the
//! Content-Security-Policy header forbids it).

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../../assets/index.html");
/// The chess piece figures (CC BY-SA 3.0, credited in the file and in
/// docs/explorer.md), placed inline into the page where `index.html`
/// says `<!-- pieces -->`.
const PIECES: &str = include_str!("../../assets/pieces.svg");
const SCRIPT: &str = include_str!("../../assets/app.js");
/// The explorer's shell (an ES module), shared by the Tic-Tac-Chec and the
/// Surakarta pages: state, backends, navigation, moves list, best line,
/// board input, keys; each page's script gives it the game's own parts.
const SHELL: &str = include_str!("../../assets/explorer.js");
const STYLE: &str = include_str!("../../assets/style.css");
/// The page's in-browser prober (plain JavaScript, an ES module): loaded
/// by `app.js` only on a static site ([`site_assets`]).
const PROBER: &str = include_str!("../../assets/probe.js");
/// The Surakarta page (`ttc serve DIR` of a tablebase folder): its HTML,
/// script, rules (an ES module: move generation with capture paths,
/// notation, the tables' index) and the style it adds to `style.css`.
const SK_INDEX: &str = include_str!("../../assets/surakarta/index.html");
const SK_SCRIPT: &str = include_str!("../../assets/surakarta/app.js");
const SK_RULES: &str = include_str!("../../assets/surakarta/rules.js");
const SK_STYLE: &str = include_str!("../../assets/surakarta/surakarta.css");
/// The Surakarta page's index (an ES module) and its static-site prober,
/// which reads a site's block files in the browser.
const SK_INDEX_JS: &str = include_str!("../../assets/surakarta/tbindex.js");
const SK_SITE: &str = include_str!("../../assets/surakarta/site.js");
const POLICY: &str = "default-src 'self'; img-src 'self' data:";

fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, kind),
            (CACHE_CONTROL, "no-cache"),
            (CONTENT_SECURITY_POLICY, POLICY),
        ],
        body,
    )
}

/// The page's HTML with the piece figures inline (built once).
fn page() -> &'static str {
    static PAGE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| INDEX.replacen("<!-- pieces -->", PIECES, 1))
}

/// `GET /`: the explorer page.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", page())
}

/// `GET /app.js`: the page's script (plain JavaScript, no framework).
pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /explorer.js`: the explorer's shell, which both pages' scripts
/// load (an ES module).
pub async fn shell() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SHELL)
}

/// `GET /style.css`: the page's style.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE)
}

/// `GET /` of a Surakarta folder: its explorer page.
pub async fn surakarta_index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", SK_INDEX)
}

/// `GET /app.js` of a Surakarta folder: the page's script.
pub async fn surakarta_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SK_SCRIPT)
}

/// `GET /rules.js` of a Surakarta folder: the Surakarta rules in
/// JavaScript (an ES module the page imports).
pub async fn surakarta_rules() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SK_RULES)
}

/// `GET /surakarta.css`: the Surakarta page's own style.
pub async fn surakarta_style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", SK_STYLE)
}

/// The page files of a static site (`ttc export-site`): `(file name,
/// contents)`, the same page as the server's with its `data-backend`
/// attribute set to `static`, so that `app.js` probes the block files in
/// the browser instead of calling `/api/*`.
pub fn site_assets() -> Vec<(&'static str, String)> {
    let index = page().replacen("data-backend=\"api\"", "data-backend=\"static\"", 1);
    debug_assert!(index != page(), "index.html names its backend");
    vec![
        ("index.html", index),
        ("app.js", SCRIPT.to_string()),
        ("explorer.js", SHELL.to_string()),
        ("probe.js", PROBER.to_string()),
        ("style.css", STYLE.to_string()),
    ]
}

/// The page files of a Surakarta static site (`ttc export-site DIR SITE`
/// with a folder), laid out as the repository's `ttc/assets/` is (so the
/// modules' relative imports hold in both): the Surakarta page with
/// `data-backend="static"` at the root with `style.css`, the shell
/// `explorer.js` (which the page's script imports) and `probe.js` (whose
/// CRC and inflate the prober imports), and under `surakarta/` the page's
/// script, rules, index, site prober and style.
pub fn surakarta_site_assets() -> Vec<(&'static str, String)> {
    let index = SK_INDEX.replacen("data-backend=\"api\"", "data-backend=\"static\"", 1);
    debug_assert!(index != SK_INDEX, "the Surakarta page names its backend");
    vec![
        ("index.html", index),
        ("style.css", STYLE.to_string()),
        ("explorer.js", SHELL.to_string()),
        ("probe.js", PROBER.to_string()),
        ("surakarta/app.js", SK_SCRIPT.to_string()),
        ("surakarta/rules.js", SK_RULES.to_string()),
        ("surakarta/tbindex.js", SK_INDEX_JS.to_string()),
        ("surakarta/site.js", SK_SITE.to_string()),
        ("surakarta/surakarta.css", SK_STYLE.to_string()),
    ]
}
