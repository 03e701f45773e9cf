module Other
  class Logger
    def log(message)
      message
    end
  end
end
