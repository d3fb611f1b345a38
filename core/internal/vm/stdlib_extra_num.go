package vm

// Python-written modules: fractions, uuid, graphlib, inspect, difflib.

func init() {

}
