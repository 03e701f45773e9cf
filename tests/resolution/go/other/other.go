package other

func Name() string {
	return "other"
}

type FileStore struct{}

func (f FileStore) Save() error {
	return nil
}
