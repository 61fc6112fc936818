// The console's `style.css`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// The stylesheet.
    static let styleCSS = #"""
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d2329; background: #f4f5f7; }
header { display: flex; align-items: center; gap: 16px; padding: 8px 16px; background: #263238; color: #fff; }
header h1 { font-size: 16px; margin: 0; }
nav a { color: #cfd8dc; text-decoration: none; padding: 6px 10px; border-radius: 4px; }
nav a.active { background: #455a64; color: #fff; }
#db-picker { margin-left: auto; }
#db-picker select, #db-picker input { font: inherit; }
main { padding: 12px 16px; }
.crumbs { margin-bottom: 8px; font-family: ui-monospace, monospace; }
.crumbs a { color: #1565c0; text-decoration: none; }
.panes { display: grid; grid-template-columns: 1fr 1fr 2fr; gap: 8px; height: calc(100vh - 130px); }
.pane { background: #fff; border: 1px solid #d5d9de; border-radius: 4px; display: flex; flex-direction: column; min-height: 0; }
.pane > h2 { font-size: 13px; margin: 0; padding: 8px; border-bottom: 1px solid #e3e6ea; display: flex; gap: 6px; align-items: center; }
.pane > h2 .title { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pane .scroll { overflow: auto; flex: 1; position: relative; }
.pane ul { list-style: none; margin: 0; padding: 0; }
.pane li a { display: block; padding: 4px 8px; color: inherit; text-decoration: none; font-family: ui-monospace, monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.pane li a:hover { background: #eef3f8; }
.pane li.selected a { background: #dbe9f7; }
.pane li.missing a { color: #8a949e; font-style: italic; }
.flash { animation: flash 1.2s ease-out; }
@keyframes flash { from { background: #fff3b0; } to { background: transparent; } }
button { font: inherit; padding: 3px 8px; border: 1px solid #b0bac3; background: #fff; border-radius: 3px; cursor: pointer; }
button.danger { color: #b71c1c; border-color: #e0a0a0; }
button.primary { background: #1565c0; color: #fff; border-color: #1565c0; }
.unseen { position: sticky; top: 0; display: block; width: 100%; background: #fff3b0; border: 0; border-bottom: 1px solid #e0c060; }
.fields { width: 100%; border-collapse: collapse; }
.fields td { border-bottom: 1px solid #eef0f2; padding: 4px 8px; vertical-align: top; }
.fields td.name { font-family: ui-monospace, monospace; width: 25%; word-break: break-all; }
.fields td.actions { white-space: nowrap; width: 1%; }
.type { display: inline-block; font-size: 11px; padding: 0 4px; border-radius: 3px; background: #eceff1; color: #455a64; margin-right: 6px; font-family: ui-monospace, monospace; }
.v-string { color: #2e7d32; white-space: pre-wrap; word-break: break-word; }
.v-integer, .v-double { color: #1565c0; }
.v-boolean { color: #6a1b9a; }
.v-null { color: #8a949e; }
.v-bytes, .v-reference { font-family: ui-monospace, monospace; word-break: break-all; }
.nested { margin: 2px 0 2px 12px; padding-left: 8px; border-left: 2px solid #e3e6ea; }
.editor { background: #f7f9fb; border: 1px solid #d5d9de; padding: 8px; margin: 6px 8px; border-radius: 4px; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.editor input, .editor select, .editor textarea { font: inherit; }
.editor textarea { width: 100%; min-height: 60px; font-family: ui-monospace, monospace; }
.meta { color: #5f6b76; font-size: 12px; padding: 6px 8px; }
.error { color: #b71c1c; white-space: pre-wrap; }
.panel { background: #fff; border: 1px solid #d5d9de; border-radius: 4px; padding: 10px; margin-bottom: 10px; }
.row { display: flex; gap: 6px; align-items: center; margin: 4px 0; flex-wrap: wrap; }
table.grid { border-collapse: collapse; width: 100%; background: #fff; }
table.grid th, table.grid td { border-bottom: 1px solid #e3e6ea; padding: 4px 6px; text-align: left; font-size: 13px; vertical-align: top; }
table.grid td.mono, .mono { font-family: ui-monospace, monospace; }
tr.denied td { background: #fdecea; }
tr.write td, tr.check td { background: #fafbfc; font-size: 12px; }
tr.write.denied td, tr.check.denied td { background: #fdecea; }
pre.trace { margin: 0; font-size: 12px; }
pre.trace .head { font-weight: 600; }
pre.trace .stmt.granted { color: #1b5e20; }
pre.trace .stmt.denied, pre.trace .stmt.error, pre.trace .s-error { color: #b71c1c; }
pre.trace .s-value { color: #263238; }
pre.trace .s-skipped { color: #8a949e; }
pre { background: #f7f9fb; border: 1px solid #e3e6ea; padding: 8px; overflow: auto; white-space: pre-wrap; }
.rules-source { font-family: ui-monospace, monospace; font-size: 13px; }
.rules-source .line { display: flex; }
.rules-source .no { width: 40px; color: #8a949e; text-align: right; padding-right: 8px; flex: none; }
.rules-source .text { white-space: pre; flex: 1; }
.rules-source .marks { flex: none; font-size: 11px; min-width: 220px; }
.rules-source .line.hit { background: #e8f5e9; }
.rules-source .line.denyhit { background: #fdecea; }
.rules-source .line.unhit .no { color: #c62828; }
#toast { position: fixed; bottom: 12px; right: 12px; background: #263238; color: #fff; padding: 6px 12px; border-radius: 4px; display: none; }
#toast.show { display: block; }
.pane .scroll h2 { font-size: 13px; margin: 8px 0 0; padding: 8px; border-top: 1px solid #e3e6ea; }
"""#
}
