module Geo
  class Logger
    def log(message)
      message
    end
  end

  class Report
    def run
      Logger.new.log("lexical")
      #      ^ defined: lib/geo/report.rb:2
      ::Util::Logger.new
      #              ^ defined: lib/util/logger.rb:2
      Point.new(1, 2)
      #     ^ defined: lib/geo/point.rb:5
      log = Logger.new
      log.log("local")
      #   ^ defined: lib/geo/report.rb:3
    end
  end
end

module Geo
  module Factory
    def create
      new
    end
  end

  class Report
    extend Factory
    #      ^ defined: lib/geo/report.rb:24
  end
end
