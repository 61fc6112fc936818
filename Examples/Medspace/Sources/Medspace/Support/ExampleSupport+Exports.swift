// The shared example code (accounts, demo helpers) is part of this app's API: `Account` is what
// `register` and `signIn` return, so `import Medspace` brings it along.
@_exported public import ExampleSupport
