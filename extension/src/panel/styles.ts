/**
 * The panel's CSS, injected inside its shadow root: the portal's styles cannot reach it and it
 * cannot reach the page. `:host` resets what would otherwise be inherited from the page.
 */
export const PANEL_CSS = `
:host { all: initial; }
.panel {
  position: fixed; top: 72px; right: 16px; z-index: 2147483646; width: 340px; max-height: calc(100vh - 96px);
  overflow: auto; box-sizing: border-box; background: #fff; color: #1f2933; border: 1px solid #d0d7de;
  border-radius: 10px; box-shadow: 0 8px 24px rgba(15, 23, 42, .18);
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
.panel * { box-sizing: border-box; }
header { display: flex; align-items: center; justify-content: space-between; padding: 10px 14px; background: #1c4e80; color: #fff; border-radius: 10px 10px 0 0; }
header strong { font-size: 15px; }
header button { background: transparent; border: 1px solid rgba(255,255,255,.6); color: #fff; border-radius: 6px; padding: 2px 8px; cursor: pointer; font: inherit; font-size: 12px; }
.body { padding: 12px 14px; display: grid; gap: 12px; }
h2 { font-size: 13px; margin: 0 0 4px; text-transform: uppercase; letter-spacing: .03em; color: #52606d; }
.heading { font-weight: 600; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
dt { color: #52606d; } dd { margin: 0; font-weight: 500; }
.headline { font-size: 15px; font-weight: 700; }
.above { color: #b42318; } .below { color: #027a48; } .level { color: #1c4e80; } .neutral { color: #1f2933; }
.muted { color: #52606d; font-size: 13px; }
.message { padding: 10px; border-radius: 6px; background: #fff4e5; color: #7a4100; }
.error { background: #fdecea; color: #8a1c13; }
ol { margin: 0; padding-left: 18px; } li { margin: 2px 0; }
.score { font-weight: 700; color: #1c4e80; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
.actions button { background: #1c4e80; color: #fff; border: 0; border-radius: 6px; padding: 8px 12px; cursor: pointer; font: inherit; font-weight: 600; }
.actions button.secondary { background: #e4e7eb; color: #1f2933; }
.actions button:disabled { opacity: .6; cursor: default; }
`;

export const BADGE_CSS = `
:host { all: initial; }
span { display: inline-block; margin: 4px 0; padding: 2px 8px; border-radius: 999px; font: 600 12px/1.5 system-ui, sans-serif; background: #e8f0f8; color: #1c4e80; border: 1px solid #1c4e80; }
.above { background: #fdecea; color: #b42318; border-color: #b42318; }
.below { background: #e7f6ee; color: #027a48; border-color: #027a48; }
`;
