// `Account` is what `register` and `signIn` return, so `import WorkNow` brings the shared example
// support along.
@_exported public import ExampleSupport
