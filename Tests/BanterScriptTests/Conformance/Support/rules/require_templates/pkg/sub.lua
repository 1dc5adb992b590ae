print("loading", ...)
package.loaded[...] = "stored by the module"
