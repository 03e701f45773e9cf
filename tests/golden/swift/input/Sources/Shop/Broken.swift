struct Broken {
    func ok() -> Int { 1 }

    func broken( -> Int { 2 }
}
