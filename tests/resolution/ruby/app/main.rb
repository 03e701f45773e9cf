require "json"
#        ^ unresolved: json from json
require_relative "../lib/geo/circle"
require_relative "../lib/util/logger"
require_relative "../lib/missing/widget"
#                        ^ unresolved
require "geo/report"
#            ^ defined: lib/geo/report.rb::

class Main
  include Geo
  #       ^ defined: lib/geo/builder.rb:1

  def initialize
    @logger = Util::Logger.new
    #                      ^ defined: lib/util/logger.rb:2
  end

  def run(thing)
    c = Circle.new(2)
    #          ^ defined: lib/geo/circle.rb:7
    c.area
    # ^ defined: lib/geo/circle.rb:13
    c.describe
    # ^ defined: lib/geo/shape.rb:3
    c.name
    # ^ defined: lib/geo/circle.rb:18
    c.center_dist(Point.new(1, 1))
    # ^ defined: lib/geo/circle.rb:24
    #                   ^ defined: lib/geo/point.rb:5
    s = Geo::Shape.new
    s.area
    # ^ defined: lib/geo/shape.rb:18
    s.describe
    # ^ defined: lib/geo/shape.rb:3
    @logger.log("x")
    #       ^ defined: lib/util/logger.rb:3
    pt = Geo::Point.new(1, 2)
    pt.dist(pt)
    #  ^ defined: lib/geo/point.rb:10
    built = Geo::Shape.build
    #                  ^ defined: lib/geo/shape.rb:22
    JSON.parse("{}")
    #    ^ unresolved: JSON.parse from json
    Widget.new
    #      ^ unresolved: Widget.new from -
    thing.log("a")
    #     ^ ambiguous: lib/util/logger.rb:3, lib/other/logger.rb:3, lib/geo/report.rb:3
    other = Other::Logger.new
    other.log("b")
    #     ^ defined: lib/other/logger.rb:3
    either = c
    either = Other::Logger.new
    either.area
    #      ^ ambiguous: lib/geo/shape.rb:18, lib/geo/circle.rb:13
    Geo::Report.create
    #           ^ defined: lib/geo/report.rb:25
    Geo::Circle::ORIGIN
    #            ^ defined: lib/geo/shape.rb:12
    built.area
    #     ^ defined: lib/geo/shape.rb:18
    b = Geo::Builder.start
    b.add(1)
    # ^ defined: lib/geo/builder.rb:7
    again = b.add(2)
    again.add(3)
    #     ^ defined: lib/geo/builder.rb:7
    made = b.finish
    made.dist(pt)
    #    ^ defined: lib/geo/point.rb:10
    perhaps = Geo::Builder.maybe(true)
    perhaps.finish
    #       ^ ambiguous: lib/geo/builder.rb:12
    built
  end
end
